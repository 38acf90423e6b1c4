import { ROLES, ROUTES } from '@bpm/contract/roles';
import { describe, expect, it } from 'vitest';
import { AREA_TITLES, areaTitle, PAGES } from './routes';

describe('route registry', () => {
  it('has an area title for every route any role can reach', () => {
    for (const role of ROLES) for (const p of ROUTES[role]) expect(AREA_TITLES[p.split('/')[1]!], p).toBeTruthy();
    expect(areaTitle('/partComponents/edit/:id')).toBe('Part Components');
  });
  it('registers pages only under patterns of the contract route tables', () => {
    const all = new Set(ROLES.flatMap((r) => ROUTES[r]));
    for (const p of Object.keys(PAGES)) expect(all.has(p), p).toBe(true);
  });
});
