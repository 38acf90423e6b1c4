import { describe, expect, it } from 'vitest';
import { can } from '../src/permissions';
import {
  aggregateStatus,
  checklistStatus,
  isLocked,
  type LineUnits,
  maxSerials,
  orderTestStatus,
  planSerials,
  type StatusInput,
  serialsProblem,
  splitSerials,
  TC_MSG,
} from '../src/test-checklists';

// A checklist of quantity 2, one serial per unit: two result columns.
const base: StatusInput = { columns: 2, serials: 2, steps: 3, results: [], signed: false, changedAfterSign: false };

describe('checklist status rule (docs/decisions.md, Test checklists)', () => {
  const cases: Array<[string, Partial<StatusInput>, string]> = [
    ['no serials', { serials: 0 }, 'pending'],
    ['no steps', { steps: 0 }, 'pending'],
    ['no results', {}, 'pending'],
    ['some results', { results: ['passed', 'passed'] }, 'in progress'],
    ['custom text counts as a result', { results: ['passed', 'v1.2', 'passed'] }, 'in progress'],
    ['every cell passed', { results: Array(6).fill('passed') }, 'passed'],
    ['every cell, one custom', { results: [...Array(5).fill('passed'), 'OK 12V'] }, 'passed'],
    ['one failure among few', { results: ['failed'] }, 'failed'],
    ['one failure among all', { results: [...Array(5).fill('passed'), 'failed'] }, 'failed'],
    ['failed even without serials counted', { serials: 0, results: ['failed'] }, 'failed'],
    ['signed', { results: Array(6).fill('passed'), signed: true }, 'completed'],
    [
      'signed then changed',
      { results: Array(6).fill('passed'), signed: true, changedAfterSign: true },
      'waiting approval',
    ],
    ['signed, a step added since', { steps: 4, results: Array(6).fill('passed'), signed: true }, 'completed'],
    // Units missing: quantity 2 with one serial and all its results is not passed.
    ['one of two units entered, all its cells passed', { serials: 1, results: Array(3).fill('passed') }, 'in progress'],
    ['a modem unit without its IMEI', { columns: 4, serials: 3, results: Array(9).fill('passed') }, 'in progress'],
    ['a modem unit with its IMEI', { columns: 4, serials: 4, results: Array(12).fill('passed') }, 'passed'],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    expect(checklistStatus({ ...base, ...over })).toBe(expected);
  });
});

describe("an order's test status from every testable unit it ordered", () => {
  const line = (quantity: number, ...checklists: [number, string][]): LineUnits => ({
    quantity,
    checklists: checklists.map(([q, status]) => ({ quantity: q, status })),
  });
  const cases: Array<[string, LineUnits[], string]> = [
    ['nothing to test', [], 'completed'],
    ['a line without a test (quantity 0 testable)', [line(0)], 'completed'],
    ['125 units, none assigned', [line(125)], 'pending'],
    ['all assigned, all pending', [line(2, [2, 'pending'])], 'pending'],
    ['1 of 6 units never tested, the rest completed', [line(6, [5, 'completed'])], 'in progress'],
    ['1 of 6 units never tested, the rest passed', [line(6, [5, 'passed'])], 'in progress'],
    ['every unit completed', [line(6, [5, 'completed'], [1, 'completed'])], 'completed'],
    ['every unit passed or completed', [line(6, [5, 'completed'], [1, 'passed'])], 'passed'],
    ['over-assigned still covers', [line(2, [3, 'completed'])], 'completed'],
    ['a second line untested', [line(2, [2, 'completed']), line(1)], 'in progress'],
    ['a failed checklist', [line(2, [1, 'failed'], [1, 'passed'])], 'failed'],
    ['waiting approval first', [line(2, [1, 'failed'], [1, 'waiting approval'])], 'waiting approval'],
    ['some in progress', [line(2, [2, 'in progress'])], 'in progress'],
  ];
  it.each(cases)('%s', (_name, lines, expected) => {
    expect(orderTestStatus(lines)).toBe(expected);
  });
});

describe('a new list of serials against the old one (results follow the serial)', () => {
  it('keeps every serial through a reorder', () => {
    expect(planSerials(['A', 'B', 'C'], ['C', 'A', 'B'])).toEqual({
      moves: [
        { from: 2, to: 0 },
        { from: 0, to: 1 },
        { from: 1, to: 2 },
      ],
      corrected: [],
      removed: [],
      added: [],
    });
  });
  it('removes only the removed serial, even the first', () => {
    const plan = planSerials(['A', 'B'], ['B']);
    expect(plan.removed).toEqual(['A']);
    expect(plan.moves).toEqual([{ from: 1, to: 0 }]);
  });
  it('an edit of one line is a correction', () => {
    const plan = planSerials(['SEC-001', 'SEC-0O2', 'SEC-003'], ['SEC-001', 'SEC-002', 'SEC-003']);
    expect(plan.corrected).toEqual([{ from: 'SEC-0O2', to: 'SEC-002' }]);
    expect(plan.removed).toEqual([]);
    expect(plan.moves).toContainEqual({ from: 1, to: 1 });
  });
  it('matches case aside; adds new serials; an empty list removes all', () => {
    expect(planSerials(['abc'], ['ABC', 'D']).moves).toEqual([{ from: 0, to: 0 }]);
    expect(planSerials(['abc'], ['ABC', 'D']).added).toEqual(['D']);
    expect(planSerials(['A', 'B'], []).removed).toEqual(['A', 'B']);
  });
});

describe("a stock product's test status from its checklists", () => {
  const cases: Array<[string[], string]> = [
    [[], 'pending'],
    [['pending'], 'pending'],
    [['pending', 'pending'], 'pending'],
    [['pending', 'passed'], 'in progress'],
    [['in progress', 'completed'], 'in progress'],
    [['passed', 'passed'], 'passed'],
    [['passed', 'completed'], 'passed'],
    [['completed', 'completed'], 'completed'],
    [['completed', 'failed'], 'failed'],
    [['failed', 'waiting approval'], 'waiting approval'],
    [['completed', 'waiting approval'], 'waiting approval'],
  ];
  it.each(cases)('%j → %s', (statuses, expected) => {
    expect(aggregateStatus(statuses)).toBe(expected);
  });
});

describe('serial rules (document 3 section 5)', () => {
  it('splits one per line, trimmed, blanks dropped', () => {
    expect(splitSerials(' A1 \r\n\n  \nB2\n')).toEqual(['A1', 'B2']);
  });
  it('limits to product_max_serials, with (IMEI included) for modem products', () => {
    expect(maxSerials(2, { pl_serial_count: 1, has_modem: 0 })).toBe(2);
    expect(maxSerials(2, { pl_serial_count: 1, has_modem: 1 })).toBe(4);
    expect(maxSerials(3, { pl_serial_count: 0, has_modem: 0 })).toBe(3);
    expect(serialsProblem(['a', 'b', 'c'], 2, false)).toBe('Only 2 serial numbers are allowed (3 provided)');
    expect(serialsProblem(['a', 'b', 'c'], 2, true)).toBe(
      'Only 2 serial numbers are allowed (IMEI included) (3 provided)',
    );
  });
  it('refuses empty and duplicate serials', () => {
    expect(serialsProblem(['a', ' '], 5, false)).toBe(TC_MSG.serialsEmpty);
    expect(serialsProblem(['a', 'a'], 5, false)).toBe(TC_MSG.serialsDuplicate);
    expect(serialsProblem(['a', 'b'], 5, false)).toBeNull();
    expect(serialsProblem([], 5, false)).toBeNull();
  });
  it('locks serials and results once signed or completed', () => {
    expect(isLocked({ status: 'passed', qa_by: null })).toBe(false);
    expect(isLocked({ status: 'waiting approval', qa_by: 3 })).toBe(true);
    expect(isLocked({ status: 'completed', qa_by: null })).toBe(true);
  });
});

describe('checklist permissions (document 3 section 6)', () => {
  const mine = { userId: 7, ownerId: 7 };
  const theirs = { userId: 7, ownerId: 8 };
  it('results: only the assigned tester (also sale or production), only while unsigned', () => {
    expect(can('tester', 'testChecklists.result', { ...mine, state: 'in progress', qaBy: null })).toBe(true);
    expect(can('tester', 'testChecklists.result', { ...theirs, state: 'in progress', qaBy: null })).toBe(false);
    expect(can('production', 'testChecklists.result', { ...theirs, state: 'pending', qaBy: null })).toBe(false);
    expect(can('sale', 'testChecklists.result', { ...mine, state: 'pending', qaBy: null })).toBe(true);
    expect(can('administrator', 'testChecklists.result', { ...mine, state: 'pending', qaBy: null })).toBe(false);
    expect(can('qa', 'testChecklists.result', { ...mine, state: 'pending', qaBy: null })).toBe(false);
    expect(can('tester', 'testChecklists.result', { ...mine, state: 'completed', qaBy: 1 })).toBe(false);
    expect(can('tester', 'testChecklists.result', { ...mine, state: 'waiting approval', qaBy: 1 })).toBe(false);
  });
  it('serials: admin, sale, production, or the assigned tester; not once signed', () => {
    expect(can('tester', 'testChecklists.serials', { ...mine, state: 'pending', qaBy: null })).toBe(true);
    expect(can('tester', 'testChecklists.serials', { ...theirs, state: 'pending', qaBy: null })).toBe(false);
    expect(can('production', 'testChecklists.serials', { ...theirs, state: 'failed', qaBy: null })).toBe(true);
    expect(can('administrator', 'testChecklists.serials', { ...theirs, state: 'completed', qaBy: 1 })).toBe(false);
    expect(can('qa', 'testChecklists.serials', { ...theirs, state: 'pending', qaBy: null })).toBe(false);
  });
  it('sign-off by qa when passed; approval by admin or sale when waiting approval', () => {
    expect(can('qa', 'testChecklists.sign', { state: 'passed' })).toBe(true);
    expect(can('qa', 'testChecklists.sign', { state: 'in progress' })).toBe(false);
    expect(can('sale', 'testChecklists.sign', { state: 'passed' })).toBe(false);
    expect(can('sale', 'testChecklists.approve', { state: 'waiting approval' })).toBe(true);
    expect(can('administrator', 'testChecklists.approve', { state: 'waiting approval' })).toBe(true);
    expect(can('production', 'testChecklists.approve', { state: 'waiting approval' })).toBe(false);
    expect(can('sale', 'testChecklists.approve', { state: 'completed' })).toBe(false);
  });
  it('edit and delete: admin, sale, production unless completed', () => {
    expect(can('production', 'testChecklists.manage', { state: 'failed' })).toBe(true);
    expect(can('production', 'testChecklists.manage', { state: 'completed' })).toBe(false);
    expect(can('tester', 'testChecklists.manage', { state: 'pending' })).toBe(false);
  });
});
