// Test checklists' pure rules, shared by the screens and the server (docs/decisions.md, Test checklists).
import type { TestStatus } from './orders';

/** What the status rule reads from a checklist. */
export interface StatusInput {
  /** Result columns the checklist must fill: product_max_serials (quantity × serials per unit). */
  columns: number;
  /** Number of serials entered. */
  serials: number;
  /** Number of steps. */
  steps: number;
  /** Results recorded for an existing step and serial column. */
  results: readonly string[];
  /** QA signed it off. */
  signed: boolean;
  /** Changed after the sign-off and not yet approved again. */
  changedAfterSign: boolean;
}

/**
 * The checklist status (document 3 section 4; the rule is BPM's, docs/decisions.md 'Test checklists'):
 * signed → completed, or waiting approval when changed since; otherwise failed when any result failed; passed
 * only when every unit of the quantity has its serials (all product_max_serials columns) and every step × serial
 * cell has a result; in progress when some result is entered; pending when none (or no serials or no steps).
 */
export function checklistStatus(s: StatusInput): TestStatus {
  if (s.signed) return s.changedAfterSign ? 'waiting approval' : 'completed';
  if (s.results.some((r) => r === 'failed')) return 'failed';
  if (s.serials === 0 || s.steps === 0 || s.results.length === 0) return 'pending';
  const complete = s.serials >= s.columns && s.results.length >= s.serials * s.steps;
  return complete ? 'passed' : 'in progress';
}

/**
 * A stock product's test status from its checklists: none → pending; any waiting approval → waiting approval;
 * any failed → failed; all completed → completed; all passed or completed → passed; all pending → pending;
 * otherwise in progress.
 */
export function aggregateStatus(statuses: readonly string[]): TestStatus {
  if (!statuses.length) return 'pending';
  if (statuses.includes('waiting approval')) return 'waiting approval';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.every((s) => s === 'completed')) return 'completed';
  if (statuses.every((s) => s === 'completed' || s === 'passed')) return 'passed';
  if (statuses.every((s) => s === 'pending')) return 'pending';
  return 'in progress';
}

/** One testable line of an order for the order's status: its ordered units and the checklists added on it. */
export interface LineUnits {
  quantity: number;
  checklists: readonly { quantity: number; status: string }[];
}

/**
 * An order's test status from every testable unit it ordered (document 1 section 4.4; the rule is BPM's):
 * nothing to test → completed; any checklist waiting approval → waiting approval; any failed → failed; every
 * ordered unit of every line on a completed checklist → completed; on a passed or completed one → passed; no
 * result anywhere (no checklist, or all pending) → pending; otherwise in progress. Untested units keep an order
 * from passed and completed, however its checklists read.
 */
export function orderTestStatus(lines: readonly LineUnits[]): TestStatus {
  const testable = lines.filter((l) => l.quantity > 0);
  if (!testable.length) return 'completed';
  const all = testable.flatMap((l) => l.checklists.map((c) => c.status));
  if (all.includes('waiting approval')) return 'waiting approval';
  if (all.includes('failed')) return 'failed';
  const covered = (ok: readonly string[]) =>
    testable.every(
      (l) => l.checklists.filter((c) => ok.includes(c.status)).reduce((n, c) => n + c.quantity, 0) >= l.quantity,
    );
  if (covered(['completed'])) return 'completed';
  if (covered(['completed', 'passed'])) return 'passed';
  if (all.every((s) => s === 'pending')) return 'pending';
  return 'in progress';
}

/** What a new list of serials does to a checklist's serials (the same plan on the screen and the server). */
export interface SerialPlan {
  /** Old index → new index: the same serial (case aside), or an edit of that one line (a correction). */
  moves: { from: number; to: number }[];
  /** Serials corrected in place (results kept). */
  corrected: { from: string; to: string }[];
  /** Serials that go, with their results. */
  removed: string[];
  /** Serials that are new. */
  added: string[];
}

/**
 * Matches a new list of serials to the old one: a serial found again (case aside) keeps its identity wherever it
 * moved; a new line where the old line at the same index is gone is a correction of that line; old serials left
 * over are removed and new ones left over are added. Results follow the identity.
 */
export function planSerials(before: readonly string[], after: readonly string[]): SerialPlan {
  const key = (s: string) => s.trim().toLowerCase();
  const oldAt = new Map(before.map((s, i) => [key(s), i]));
  const taken = new Set<number>();
  const moves: SerialPlan['moves'] = [];
  const unmatched: number[] = [];
  after.forEach((s, to) => {
    const from = oldAt.get(key(s));
    if (from === undefined) unmatched.push(to);
    else {
      taken.add(from);
      moves.push({ from, to });
    }
  });
  const corrected: SerialPlan['corrected'] = [];
  const added: string[] = [];
  for (const to of unmatched) {
    if (to < before.length && !taken.has(to)) {
      taken.add(to);
      moves.push({ from: to, to });
      corrected.push({ from: before[to]!, to: after[to]! });
    } else added.push(after[to]!);
  }
  const removed = before.filter((_, i) => !taken.has(i));
  return { moves: moves.sort((a, b) => a.to - b.to), corrected, removed, added };
}
