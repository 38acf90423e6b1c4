import { describe, expect, it } from 'vitest';
import {
  cellLabel,
  emptyCells,
  focusAfter,
  type GridColumn,
  type GridStep,
  gridColumns,
  type KeyInput,
  keyAction,
  moveTo,
  resultCol,
  startPos,
} from './result-grid-keys';

// A tester's grid: SI, description, three result columns, Pass row → 6 columns; a header and four steps → 5 rows.
const columns = gridColumns(3, false, true);
const size = { rows: 5, cols: columns.length };
const cell = { row: 2, col: 3 }; // step 2, result column 2
const key = (k: string, mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ...mods,
});

describe('gridColumns', () => {
  it('lists the handle and step buttons for step editors, Pass row for result entry', () => {
    expect(gridColumns(2, true, true).map((c) => c.kind)).toEqual([
      'handle',
      'si',
      'desc',
      'result',
      'result',
      'passRow',
      'edit',
      'delete',
    ]);
    expect(columns.map((c) => c.kind)).toEqual(['si', 'desc', 'result', 'result', 'result', 'passRow']);
    expect(gridColumns(1, false, false).map((c) => c.kind)).toEqual(['si', 'desc', 'result']);
  });
  it('numbers the result columns from 1 and starts on the first step’s first result', () => {
    expect(resultCol(columns, 2)).toBe(3);
    expect(startPos(columns, 4)).toEqual({ row: 1, col: 2 });
    expect(startPos(columns, 0)).toEqual({ row: 0, col: 2 });
  });
});

describe('moveTo: the arrows stay inside the grid', () => {
  it('moves one cell and holds at the edges', () => {
    expect(moveTo(key('ArrowDown'), cell, size)).toEqual({ row: 3, col: 3 });
    expect(moveTo(key('ArrowUp'), cell, size)).toEqual({ row: 1, col: 3 });
    expect(moveTo(key('ArrowLeft'), cell, size)).toEqual({ row: 2, col: 2 });
    expect(moveTo(key('ArrowRight'), cell, size)).toEqual({ row: 2, col: 4 });
    expect(moveTo(key('ArrowUp'), { row: 0, col: 0 }, size)).toEqual({ row: 0, col: 0 });
    expect(moveTo(key('ArrowDown'), { row: 4, col: 5 }, size)).toEqual({ row: 4, col: 5 });
    expect(moveTo(key('ArrowRight'), { row: 4, col: 5 }, size)).toEqual({ row: 4, col: 5 });
  });
  it('Home/End go to the row’s ends, with Ctrl or ⌘ to the grid’s corners', () => {
    expect(moveTo(key('Home'), cell, size)).toEqual({ row: 2, col: 0 });
    expect(moveTo(key('End'), cell, size)).toEqual({ row: 2, col: 5 });
    expect(moveTo(key('Home', { ctrlKey: true }), cell, size)).toEqual({ row: 0, col: 0 });
    expect(moveTo(key('End', { metaKey: true }), cell, size)).toEqual({ row: 4, col: 5 });
  });
  it('PageUp/PageDown jump five steps', () => {
    expect(moveTo(key('PageDown'), { row: 1, col: 2 }, { rows: 20, cols: 6 })).toEqual({ row: 6, col: 2 });
    expect(moveTo(key('PageUp'), cell, size)).toEqual({ row: 0, col: 3 });
  });
  it('leaves other keys and modified arrows alone', () => {
    expect(moveTo(key('Tab'), cell, size)).toBeNull();
    expect(moveTo(key('ArrowDown', { shiftKey: true }), cell, size)).toBeNull();
    expect(moveTo(key('ArrowDown', { ctrlKey: true }), cell, size)).toBeNull();
    expect(moveTo(key('p'), cell, size)).toBeNull();
  });
});

describe('keyAction: what a key does on a cell', () => {
  const on = (k: KeyInput, kind: GridColumn['kind'] = 'result', at = cell, canResult = true) =>
    keyAction(k, at, size, kind, canResult);
  it('P and Enter pass, F fails (either case), Delete and Backspace clear, Space opens the dialog', () => {
    expect(on(key('p'))).toEqual({ type: 'result', result: 'passed' });
    expect(on(key('P'))).toEqual({ type: 'result', result: 'passed' }); // Caps Lock
    expect(on(key('Enter'))).toEqual({ type: 'result', result: 'passed' });
    expect(on(key('f'))).toEqual({ type: 'result', result: 'failed' });
    expect(on(key('F', { shiftKey: true }))).toEqual({ type: 'result', result: 'failed' });
    expect(on(key('Delete'))).toEqual({ type: 'clear' });
    expect(on(key('Backspace'))).toEqual({ type: 'clear' });
    expect(on(key(' '))).toEqual({ type: 'open' });
  });
  it('any other printable character starts a custom result with it', () => {
    expect(on(key('N'))).toEqual({ type: 'custom', text: 'N' });
    expect(on(key('7'))).toEqual({ type: 'custom', text: '7' });
    expect(on(key('é'))).toEqual({ type: 'custom', text: 'é' });
  });
  it('Shift+P passes the row from any of its cells, Alt+P (Option+P: π) the column from its cells', () => {
    expect(on(key('P', { shiftKey: true }))).toEqual({ type: 'passRow' });
    expect(on(key('P', { shiftKey: true }), 'desc')).toEqual({ type: 'passRow' });
    expect(on(key('p', { altKey: true }))).toEqual({ type: 'passColumn' });
    expect(on({ key: 'π', code: 'KeyP', altKey: true })).toEqual({ type: 'passColumn' });
    expect(on(key('p', { altKey: true }), 'result', { row: 0, col: 3 })).toEqual({ type: 'passColumn' });
    expect(on(key('p', { altKey: true }), 'si')).toBeNull();
  });
  it('the arrows move everyone; result keys need result entry and a step’s result cell', () => {
    expect(on(key('ArrowDown'), 'result', cell, false)).toEqual({ type: 'move', to: { row: 3, col: 3 } });
    expect(on(key('p'), 'result', cell, false)).toBeNull();
    expect(on(key('p'), 'result', { row: 0, col: 3 })).toBeNull(); // a column header
    expect(on(key('p'), 'si')).toBeNull();
    expect(on(key('Enter'), 'passRow')).toBeNull(); // the button's own Enter
  });
  it('leaves Tab, shortcuts and named keys to the browser', () => {
    expect(on(key('Tab'))).toBeNull();
    expect(on(key('c', { ctrlKey: true }))).toBeNull();
    expect(on(key('r', { metaKey: true }))).toBeNull();
    expect(on(key('P', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(on(key('Escape'))).toBeNull();
    expect(on(key('F5'))).toBeNull();
  });
});

describe('focusAfter', () => {
  it('goes down the column after a result or a passed row, and holds on the last step', () => {
    expect(focusAfter('result', cell, size, columns)).toEqual({ row: 3, col: 3 });
    expect(focusAfter('custom', cell, size, columns)).toEqual({ row: 3, col: 3 });
    expect(focusAfter('passRow', cell, size, columns)).toEqual({ row: 3, col: 3 });
    expect(focusAfter('result', { row: 4, col: 3 }, size, columns)).toEqual({ row: 4, col: 3 });
  });
  it('goes to the next result column after a passed column, and stays after a clear', () => {
    expect(focusAfter('passColumn', cell, size, columns)).toEqual({ row: 2, col: 4 });
    expect(focusAfter('passColumn', { row: 2, col: 4 }, size, columns)).toEqual({ row: 2, col: 4 });
    expect(focusAfter('clear', cell, size, columns)).toEqual(cell);
  });
});

describe('emptyCells: what Pass row / Pass column fill', () => {
  const steps: GridStep[] = [
    { id: 10, results: [{ itemId: 1, test_result: 'failed' }] },
    { id: 11, results: [] },
    { id: 12, results: [{ itemId: 2, test_result: 'Scratch on lid' }], locked: true },
  ];
  const serials = ['S-1', 'S-2']; // column 3 has no serial
  it('a row: its empty cells that have a serial', () => {
    expect(emptyCells(steps, serials, 3, { step: 10 })).toEqual([{ step_id: 10, item_id: 2, result: 'passed' }]);
    expect(emptyCells(steps, serials, 3, { step: 11 }).map((c) => c.item_id)).toEqual([1, 2]);
  });
  it('a column: its empty cells of unlocked steps; none without a serial', () => {
    expect(emptyCells(steps, serials, 3, { item: 1 })).toEqual([{ step_id: 11, item_id: 1, result: 'passed' }]);
    expect(emptyCells(steps, serials, 3, { item: 2 }).map((c) => c.step_id)).toEqual([10, 11]);
    expect(emptyCells(steps, serials, 3, { item: 3 })).toEqual([]);
    expect(emptyCells(steps, serials, 3, { step: 12 })).toEqual([]);
  });
  it('counts results still being saved: a pending result fills the cell, a pending clear empties it', () => {
    const pending = new Map<string, string | null>([
      ['11:1', 'passed'],
      ['10:1', null],
    ]);
    expect(emptyCells(steps, serials, 3, { item: 1 }, pending)).toEqual([
      { step_id: 10, item_id: 1, result: 'passed' },
    ]);
  });
});

describe('cellLabel', () => {
  it('names the step, the serial and the result', () => {
    expect(cellLabel(3, 1, 'SEC5E-001', 'passed')).toBe('Step 3, serial SEC5E-001: passed');
    expect(cellLabel(3, 1, 'SEC5E-001', 'failed')).toBe('Step 3, serial SEC5E-001: failed');
    expect(cellLabel(3, 1, 'SEC5E-001', undefined)).toBe('Step 3, serial SEC5E-001: no result');
    expect(cellLabel(3, 1, 'SEC5E-001', 'Scratch on lid')).toBe('Step 3, serial SEC5E-001: Scratch on lid');
  });
  it('says when the column has no serial', () => {
    expect(cellLabel(3, 4, undefined, undefined)).toBe('Step 3, column 4: no serial number assigned');
  });
});
