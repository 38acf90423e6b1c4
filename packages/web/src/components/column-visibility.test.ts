import { describe, expect, it } from 'vitest';
import { isColumnVisible, NO_CHOICE, toggleColumn, visibleColumns } from './column-visibility';

const COLUMNS = [
  { key: 'id' },
  { key: 'date' },
  { key: 'note', defaultHidden: true },
  { key: 'awb', defaultHidden: true },
];
const keys = (cs: { key: string }[]) => cs.map((c) => c.key);

describe('column visibility', () => {
  it('starts from the defaults', () => {
    expect(keys(visibleColumns(COLUMNS, NO_CHOICE))).toEqual(['id', 'date']);
  });

  it('shows a default-hidden column and hides a default one, keeping the order', () => {
    let c = toggleColumn(COLUMNS, NO_CHOICE, 'note');
    expect(keys(visibleColumns(COLUMNS, c))).toEqual(['id', 'date', 'note']);
    c = toggleColumn(COLUMNS, c, 'id');
    expect(keys(visibleColumns(COLUMNS, c))).toEqual(['date', 'note']);
    expect(c).toEqual({ hidden: ['id'], shown: ['note'] });
  });

  it('stores nothing once a column is back at its default', () => {
    const c = toggleColumn(COLUMNS, toggleColumn(COLUMNS, NO_CHOICE, 'note'), 'note');
    expect(c).toEqual(NO_CHOICE);
  });

  it('never hides the last visible column', () => {
    const one = toggleColumn(COLUMNS, NO_CHOICE, 'id');
    expect(keys(visibleColumns(COLUMNS, one))).toEqual(['date']);
    expect(toggleColumn(COLUMNS, one, 'date')).toBe(one);
  });

  it('a column added later takes its default; unknown keys are ignored', () => {
    const saved = { hidden: ['gone'], shown: [] };
    expect(isColumnVisible({ key: 'new', defaultHidden: true }, saved)).toBe(false);
    expect(isColumnVisible({ key: 'new2' }, saved)).toBe(true);
    expect(toggleColumn(COLUMNS, saved, 'nope')).toBe(saved);
  });
});
