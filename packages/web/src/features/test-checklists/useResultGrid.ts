import { TC_MSG, type TestChecklist, type TestStep } from '@bpm/contract/test-checklists';
import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from '../../api/notify';
import type { ChecklistKind } from '../../api/test-checklists';
import {
  cellKey,
  emptyCells,
  focusAfter,
  type GridAction,
  type GridColumn,
  type GridStep,
  keyAction,
  type Pos,
  startPos,
  within,
} from './result-grid-keys';
import { useResultQueue } from './useResultQueue';

/** The result dialog's cell; `prefill`: a custom result typed on the cell; `fromKeys`: opened from the keyboard. */
export interface DialogCell {
  step: TestStep;
  item: number;
  prefill?: string;
  fromKeys: boolean;
}

/** A step takes results unless, after a change following sign-off, it is not one of the changed steps. */
export const stepLocked = (c: TestChecklist, s: TestStep) => c.status === 'waiting approval' && s.reopened !== 1;

/** The cell's position as its focus target carries it (`data-pos="row:col"`). */
const posOf = (el: EventTarget | null): Pos | null => {
  const at = (el as HTMLElement | null)?.closest?.<HTMLElement>('[data-pos]')?.dataset.pos;
  if (!at) return null;
  const [row, col] = at.split(':').map(Number);
  return { row: row!, col: col! };
};

/**
 * The Test Steps grid's keyboard and focus (a roving tabindex: one cell in the tab order, the one last focused; the
 * arrows move it) and its result entry: keys on cells, the Pass row / Pass column buttons, cell clicks. Saves from
 * keys and buttons go through one queue (useResultQueue); the result dialog saves one cell itself.
 */
export function useResultGrid(opts: {
  kind: ChecklistKind;
  c: TestChecklist;
  steps: TestStep[];
  columns: GridColumn[];
  canResult: boolean;
  /** A step being dragged from the keyboard: the arrows are dnd-kit's then. */
  dragging: RefObject<boolean>;
}) {
  const { c, steps, columns, canResult, dragging } = opts;
  const grid = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ step: number | null; col: number } | null>(null);
  const [dialog, setDialogCell] = useState<DialogCell | null>(null);
  /** Counts the dialog's openings (its key). */
  const [dialogSerial, setDialogSerial] = useState(0);
  const setDialog = (cell: DialogCell | null) => {
    if (cell) setDialogSerial((n) => n + 1);
    setDialogCell(cell);
  };
  const { enqueue, pending } = useResultQueue(opts.kind, c.id);
  const size = { rows: steps.length + 1, cols: columns.length };

  const activePos = useMemo((): Pos => {
    if (!active) return startPos(columns, steps.length);
    // A step that went (deleted) leaves the tab stop on the first step.
    const index = active.step === null ? -1 : steps.findIndex((s) => s.id === active.step);
    const row = active.step === null ? 0 : Math.max(index, 0) + 1;
    return within({ row, col: active.col }, { rows: steps.length + 1, cols: columns.length });
  }, [active, steps, columns]);

  const focusPos = useCallback(
    (at: Pos) => {
      setActive({ step: at.row === 0 ? null : (steps[at.row - 1]?.id ?? null), col: at.col });
      grid.current?.querySelector<HTMLElement>(`[data-pos="${at.row}:${at.col}"]`)?.focus();
    },
    [steps],
  );

  const gridSteps = useMemo(
    (): GridStep[] => steps.map((s) => ({ id: s.id, results: s.results, locked: stepLocked(c, s) })),
    [steps, c],
  );
  const resultOf = (s: TestStep, item: number) => {
    const key = cellKey(s.id, item);
    return pending.has(key) ? pending.get(key) : s.results.find((r) => r.itemId === item)?.test_result;
  };
  /** Whether `step`'s cell `item` may take a result now; warns (the spec's text) when not. */
  const usable = (s: TestStep, item: number) => {
    const problem = !c.serials[item - 1] ? TC_MSG.noSerialForColumn : stepLocked(c, s) ? TC_MSG.locked : '';
    if (problem) toast(problem, 'warning');
    return !problem;
  };

  const passRow = (s: TestStep, back?: () => void) => {
    if (!c.serials.length) return toast(TC_MSG.noSerialForColumn, 'warning');
    if (stepLocked(c, s)) return toast(TC_MSG.locked, 'warning');
    enqueue(emptyCells(gridSteps, c.serials, c.product_max_serials, { step: s.id }, pending), back);
  };
  const passColumn = (item: number, back?: () => void) => {
    if (!c.serials[item - 1]) return toast(TC_MSG.noSerialForColumn, 'warning');
    enqueue(emptyCells(gridSteps, c.serials, c.product_max_serials, { item }, pending), back);
  };
  /** A click (or Space) on a result cell: the result dialog, or the warning of a column without its serial. */
  const openCell = (s: TestStep, item: number, fromKeys = false) => {
    if (!c.serials[item - 1]) return toast(TC_MSG.noSerialForColumn, 'warning');
    if (canResult && usable(s, item)) setDialog({ step: s, item, fromKeys });
  };

  function act(action: GridAction, at: Pos) {
    if (action.type === 'move') return focusPos(action.to);
    const col = columns[at.col];
    const step = steps[at.row - 1];
    const item = col?.kind === 'result' ? col.item : 0;
    const next = focusAfter(action.type, at, size, columns);
    // A failed save brings the focus back to where its key was pressed, if the focus is still in the grid.
    const back = () => {
      if (grid.current?.contains(document.activeElement)) focusPos(at);
    };
    if (action.type === 'passColumn') {
      passColumn(item, back);
      if (c.serials[item - 1]) focusPos(next);
      return;
    }
    if (!step) return;
    if (action.type === 'passRow') {
      passRow(step, back);
      if (c.serials.length && !stepLocked(c, step)) focusPos(next);
      return;
    }
    if (action.type === 'open') return openCell(step, item, true);
    if (!usable(step, item)) return;
    if (action.type === 'custom') return setDialog({ step, item, prefill: action.text, fromKeys: true });
    if (action.type === 'clear') {
      if (resultOf(step, item)) enqueue([{ step_id: step.id, item_id: item, result: null }], back);
      return;
    }
    enqueue([{ step_id: step.id, item_id: item, result: action.result }], back);
    focusPos(next);
  }

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (dragging.current || dialog || e.defaultPrevented || e.nativeEvent.isComposing) return;
    const at = posOf(e.target);
    if (!at || !grid.current?.contains(e.target as Node)) return;
    const action = keyAction(e, at, size, columns[at.col]?.kind ?? 'si', canResult);
    if (!action) return;
    e.preventDefault();
    act(action, at);
  };
  /** A cell focused by a click or a pointer: it becomes the grid's tab stop. */
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const at = posOf(e.target);
    if (at && (at.row !== activePos.row || at.col !== activePos.col))
      setActive({ step: at.row === 0 ? null : (steps[at.row - 1]?.id ?? null), col: at.col });
  };

  /** After the dialog: a keyboard user goes on from the cell (one step down once a result was saved). */
  const afterDialog = useRef<Pos | null>(null);
  const closeDialog = (saved: boolean) => {
    if (dialog?.fromKeys) afterDialog.current = saved ? focusAfter('custom', activePos, size, columns) : activePos;
    setDialog(null);
  };
  // Once the dialog has let the focus go (its focus trap is off), not before: it would take the focus back.
  useEffect(() => {
    const at = afterDialog.current;
    if (dialog || !at) return;
    afterDialog.current = null;
    focusPos(at);
  }, [dialog, focusPos]);

  return {
    grid,
    activePos,
    pending,
    dialog,
    dialogSerial,
    closeDialog,
    onKeyDown,
    onFocus,
    passRow,
    passColumn,
    openCell,
    resultOf,
  };
}
