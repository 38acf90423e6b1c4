/**
 * The Test Steps grid run from the keyboard (issue 23 item 8), without React: which columns the grid has, where an
 * arrow key leads, what a key does on a cell, where the focus goes after a result, and which cells a 'pass row' or
 * 'pass column' fills. StepsGrid and useResultGrid only wire these answers to the page.
 *
 * Positions: row 0 is the column headers, rows 1..n the steps in their order; columns as `gridColumns` lists them.
 */

/** One column of the grid, left to right. */
export type GridColumn =
  | { kind: 'handle' }
  | { kind: 'si' }
  | { kind: 'desc' }
  | { kind: 'result'; item: number }
  | { kind: 'passRow' }
  | { kind: 'edit' }
  | { kind: 'delete' };

export interface Pos {
  row: number;
  col: number;
}

export interface GridSize {
  rows: number;
  cols: number;
}

/** The keys of a keydown event that matter here (a KeyboardEvent fits). */
export interface KeyInput {
  key: string;
  code?: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export type GridAction =
  | { type: 'move'; to: Pos }
  | { type: 'result'; result: 'passed' | 'failed' }
  | { type: 'clear' }
  | { type: 'custom'; text: string }
  | { type: 'open' }
  | { type: 'passRow' }
  | { type: 'passColumn' };

/** PageUp/PageDown move this many steps. */
export const PAGE_ROWS = 5;

/**
 * The grid's columns: the drag handle (step editors), SI, the description (the row header), one result column per
 * unit (`items`, product_max_serials; item ids are 1-based), Pass row (result entry), Edit and Delete (step editors).
 */
export function gridColumns(items: number, canSteps: boolean, canResult: boolean): GridColumn[] {
  return [
    ...(canSteps ? [{ kind: 'handle' } as const] : []),
    { kind: 'si' },
    { kind: 'desc' },
    ...Array.from({ length: items }, (_, i) => ({ kind: 'result', item: i + 1 }) as const),
    ...(canResult ? [{ kind: 'passRow' } as const] : []),
    ...(canSteps ? [{ kind: 'edit' } as const, { kind: 'delete' } as const] : []),
  ];
}

/** Index of the column of result `item`, or -1. */
export const resultCol = (columns: GridColumn[], item: number) =>
  columns.findIndex((c) => c.kind === 'result' && c.item === item);

/** Where the grid's focus starts: the first step's first result (else the first cell). */
export function startPos(columns: GridColumn[], steps: number): Pos {
  const col = resultCol(columns, 1);
  return { row: steps > 0 ? 1 : 0, col: col < 0 ? 0 : col };
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/** A position kept inside the grid (after steps or columns went away). */
export const within = (at: Pos, size: GridSize): Pos => ({
  row: clamp(at.row, size.rows - 1),
  col: clamp(at.col, size.cols - 1),
});

/**
 * Where a navigation key leads (the grid's edges hold: no wrapping), or null for a key that does not move.
 * Arrows one cell; Home/End the row's first/last cell; Ctrl (⌘) + Home/End the grid's first/last cell;
 * PageUp/PageDown PAGE_ROWS steps.
 */
export function moveTo(k: KeyInput, at: Pos, size: GridSize): Pos | null {
  if (k.altKey || k.shiftKey) return null;
  const ctrl = !!(k.ctrlKey || k.metaKey);
  const last = { row: size.rows - 1, col: size.cols - 1 };
  let to: Pos;
  switch (k.key) {
    case 'ArrowUp':
      to = { row: at.row - 1, col: at.col };
      break;
    case 'ArrowDown':
      to = { row: at.row + 1, col: at.col };
      break;
    case 'ArrowLeft':
      to = { row: at.row, col: at.col - 1 };
      break;
    case 'ArrowRight':
      to = { row: at.row, col: at.col + 1 };
      break;
    case 'Home':
      to = ctrl ? { row: 0, col: 0 } : { row: at.row, col: 0 };
      break;
    case 'End':
      to = ctrl ? last : { row: at.row, col: last.col };
      break;
    case 'PageUp':
      to = { row: at.row - PAGE_ROWS, col: at.col };
      break;
    case 'PageDown':
      to = { row: at.row + PAGE_ROWS, col: at.col };
      break;
    default:
      return null;
  }
  if (ctrl && k.key.startsWith('Arrow')) return null;
  return within(to, size);
}

const isP = (k: KeyInput) => k.code === 'KeyP' || k.key.toLowerCase() === 'p';

/**
 * What a key does on the focused cell. Navigation works for everyone; result keys only with `canResult`:
 * - on a result cell: P or Enter pass, F fails, Delete/Backspace clears, Space opens the result dialog, any other
 *   printable character starts a custom result with it;
 * - on any cell of a step: Shift+P passes the row's empty cells;
 * - on any cell of a result column (its header too): Alt+P (Option+P) passes the column's empty cells.
 * Null: the key is not the grid's (Tab, a button's own Enter/Space, browser shortcuts).
 */
export function keyAction(
  k: KeyInput,
  at: Pos,
  size: GridSize,
  cell: GridColumn['kind'],
  canResult: boolean,
): GridAction | null {
  const to = moveTo(k, at, size);
  if (to) return { type: 'move', to };
  if (!canResult) return null;
  if (k.altKey && !k.ctrlKey && !k.metaKey && !k.shiftKey && isP(k))
    return cell === 'result' ? { type: 'passColumn' } : null;
  if (at.row === 0 || k.altKey || k.ctrlKey || k.metaKey) return null;
  if (k.shiftKey && isP(k)) return { type: 'passRow' };
  if (cell !== 'result') return null;
  if (k.key === 'Enter') return { type: 'result', result: 'passed' };
  if (k.key === 'Delete' || k.key === 'Backspace') return { type: 'clear' };
  if (k.key === ' ' || k.key === 'Spacebar') return { type: 'open' };
  if (k.key.length !== 1) return null;
  const lower = k.key.toLowerCase();
  if (lower === 'p') return { type: 'result', result: 'passed' };
  if (lower === 'f') return { type: 'result', result: 'failed' };
  return { type: 'custom', text: k.key };
}

/**
 * Where the focus goes once an action is taken: after a result (P, F, Enter, a custom text) or a passed row, one step
 * down (a column runs top to bottom; the last step keeps it); after a passed column, the next result column to the
 * right (the last keeps it); otherwise it stays.
 */
export function focusAfter(action: GridAction['type'], at: Pos, size: GridSize, columns: GridColumn[]): Pos {
  if (action === 'result' || action === 'custom' || action === 'passRow')
    return within({ row: at.row + 1, col: at.col }, size);
  if (action === 'passColumn') {
    const next = columns.findIndex((c, i) => i > at.col && c.kind === 'result');
    return next < 0 ? at : { row: at.row, col: next };
  }
  return at;
}

/** A step as the grid needs it; `locked`: it takes no results now (after sign-off only changed steps do). */
export interface GridStep {
  id: number;
  results: { itemId: number; test_result: string }[];
  locked?: boolean;
}

export interface ResultCell {
  step_id: number;
  item_id: number;
  result: string | null;
}

/** The key of a cell in a queue's pending map. */
export const cellKey = (stepId: number, item: number) => `${stepId}:${item}`;

/**
 * The cells a 'pass row' (`scope.step`) or 'pass column' (`scope.item`) fills: every cell of the scope that has a
 * serial, belongs to an unlocked step and is empty — no result saved, or one being cleared (`pending` holds the
 * results still being saved, by cellKey; a pending result counts as that cell's result).
 */
export function emptyCells(
  steps: GridStep[],
  serials: readonly string[],
  items: number,
  scope: { step: number } | { item: number },
  pending: ReadonlyMap<string, string | null> = new Map(),
): ResultCell[] {
  const out: ResultCell[] = [];
  for (const s of steps) {
    if (s.locked || ('step' in scope && s.id !== scope.step)) continue;
    for (let item = 1; item <= items; item++) {
      if ('item' in scope && item !== scope.item) continue;
      if (!serials[item - 1]) continue;
      const key = cellKey(s.id, item);
      const result = pending.has(key) ? pending.get(key) : s.results.find((r) => r.itemId === item)?.test_result;
      if (!result) out.push({ step_id: s.id, item_id: item, result: 'passed' });
    }
  }
  return out;
}

/** How a result reads to a screen reader (and the cell's short text on screen). */
export const resultText = (r: string | null | undefined) =>
  r === 'passed' ? 'passed' : r === 'failed' ? 'failed' : r ? r : 'no result';

/** A result cell's name: 'Step 3, serial SEC5E-001: passed', or its column's lack of a serial. */
export function cellLabel(si: number, item: number, serial: string | undefined, result: string | undefined): string {
  if (!serial) return `Step ${si}, column ${item}: no serial number assigned`;
  return `Step ${si}, serial ${serial}: ${resultText(result)}`;
}
