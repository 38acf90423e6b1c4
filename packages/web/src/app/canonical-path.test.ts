import { landingRoute, ROUTES } from '@bpm/contract/roles';
import { describe, expect, it } from 'vitest';
import { canonicalPath, shownRoute } from './canonical-path';

describe('canonicalPath', () => {
  it('fixes the case of fixed words and keeps parameter values', () => {
    expect(canonicalPath(ROUTES.production, '/Dashboard/12')).toBe('/dashboard/12');
    expect(canonicalPath(ROUTES.administrator, '/PartComponents/Edit/AbC')).toBe('/partComponents/edit/AbC');
    expect(canonicalPath(ROUTES.administrator, '/Orders/')).toBe('/orders');
  });

  it('answers null when no pattern matches whatever the case', () => {
    expect(canonicalPath(ROUTES.production, '/users')).toBeNull();
    expect(canonicalPath(ROUTES.sale, '/Dashboard/add')).toBeNull();
    expect(canonicalPath(ROUTES.tester, '/no-such-page')).toBeNull();
  });
});

describe('shownRoute', () => {
  it("is the route a path spells, or the role's landing route when it spells none", () => {
    expect(shownRoute('administrator', '/Orders/')).toBe('/orders');
    expect(shownRoute('administrator', '/dashboard')).toBe('/dashboard');
    expect(shownRoute('production', '/Dashboard/12')).toBe('/dashboard/12');
    expect(shownRoute('administrator', '/')).toBe(landingRoute('administrator'));
    expect(shownRoute('tester', '/dashboard')).toBe(landingRoute('tester'));
    expect(shownRoute('sale', '/Dashboard/add')).toBe(landingRoute('sale'));
  });
});
