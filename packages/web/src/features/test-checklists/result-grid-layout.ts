import type { GridColumn } from './result-grid-keys';

/**
 * The Test Steps grid's column widths, on a phone (xs) and above. The description takes what is left (at least its
 * minimum) and wraps, so on a 390 px phone the step and at least one result column fit; the grid scrolls sideways
 * inside itself for the rest.
 */
const WIDTH: Record<GridColumn['kind'], [phone: number, wider: number]> = {
  handle: [44, 48],
  si: [36, 56],
  desc: [104, 220],
  result: [88, 96],
  passRow: [88, 104],
  edit: [44, 48],
  delete: [44, 48],
};

const template = (columns: GridColumn[], i: 0 | 1) =>
  columns.map((c) => (c.kind === 'desc' ? `minmax(${WIDTH.desc[i]}px, 1fr)` : `${WIDTH[c.kind][i]}px`)).join(' ');
const minWidth = (columns: GridColumn[], i: 0 | 1) => columns.reduce((n, c) => n + WIDTH[c.kind][i], 0);

/** One row's grid (the header and every step share it, so the columns line up). */
export const rowGridSx = (columns: GridColumn[]) => ({
  display: 'grid',
  gridTemplateColumns: { xs: template(columns, 0), sm: template(columns, 1) },
  minWidth: { xs: minWidth(columns, 0), sm: minWidth(columns, 1) },
});

/**
 * The keyboard focus ring of a grid cell or a button in one, drawn inside it (a ring outside would be covered by
 * the next cell): the theme's focus blue (app/theme.ts, 5.7:1 on white), 3 px, with a white inner line so it also
 * stands out on a tinted result.
 */
export const CELL_FOCUS_SX = {
  '&:focus': { outline: 'none' },
  '&&:focus-visible, &&.Mui-focusVisible': {
    outline: '3px solid #1565c0',
    outlineOffset: '-3px',
    boxShadow: 'inset 0 0 0 5px #ffffff',
  },
} as const;

/** A result's tint and text colour (each text at least 4.5:1 on its tint) and its short text. */
export function resultLook(r: string | null | undefined): { bg: string; color: string; text: string } {
  if (r === 'passed') return { bg: '#e8f5e9', color: '#1b5e20', text: 'Passed' };
  if (r === 'failed') return { bg: '#ffebee', color: '#b71c1c', text: 'Failed' };
  if (r) return { bg: '#e3f2fd', color: '#0d47a1', text: r };
  return { bg: 'background.paper', color: 'text.primary', text: '' };
}
