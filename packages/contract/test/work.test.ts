import { describe, expect, it } from 'vitest';
import { projectCan } from '../src/permissions';
import { checkPermissionQuery, percentComplete, projectListQuery } from '../src/projects';
import { encodeTimezone } from '../src/reports';
import { compareProjectTasks, dayStart, dueIndicator, isOverdue, taskListQuery, taskSave } from '../src/tasks';

const NOW = 1_800_000_000;
const DAY = 86400;

describe('tasks', () => {
  it('due-date indicator: overdue, urgent ≤ 3 days, soon ≤ 7 days, normal; none when completed or undated', () => {
    const today = dayStart(NOW, 'UTC');
    expect(dueIndicator(today - 1, 'new', NOW, today)).toBe('overdue');
    // Due earlier today (the due date is the day's midnight): not overdue until the day is over.
    expect(dueIndicator(today, 'new', NOW, today)).toBe('urgent');
    expect(dueIndicator(NOW - 1, 'new', NOW, today)).toBe('urgent');
    expect(dueIndicator(NOW + 3 * DAY, 'in progress', NOW)).toBe('urgent');
    expect(dueIndicator(NOW + 3 * DAY + 1, 'new', NOW)).toBe('soon');
    expect(dueIndicator(NOW + 7 * DAY, 'new', NOW)).toBe('soon');
    expect(dueIndicator(NOW + 7 * DAY + 1, 'new', NOW)).toBe('normal');
    expect(dueIndicator(NOW - DAY, 'completed', NOW)).toBeNull();
    expect(dueIndicator(null, 'new', NOW)).toBeNull();
  });

  it("overdue starts after the due day, in the person's own time zone", () => {
    // 2026-11-27 06:00 in Berlin (05:00 UTC): a task due that day (local midnight) is due today, not overdue.
    const now = Date.UTC(2026, 10, 27, 5) / 1000;
    const berlinToday = Date.UTC(2026, 10, 26, 23) / 1000;
    expect(dayStart(now, 'Europe/Berlin')).toBe(berlinToday);
    expect(isOverdue(berlinToday, 'new', dayStart(now, 'Europe/Berlin'))).toBe(false);
    expect(isOverdue(berlinToday - 1, 'new', dayStart(now, 'Europe/Berlin'))).toBe(true);
    expect(isOverdue(berlinToday - 86400, 'completed', dayStart(now, 'Europe/Berlin'))).toBe(false);
    // The same instant is still 26 November (21:00) in Los Angeles: a task due on the 26th is due today there.
    const laToday = Date.UTC(2026, 10, 26, 8) / 1000;
    expect(dayStart(now, 'America/Los_Angeles')).toBe(laToday);
    expect(isOverdue(laToday, 'in progress', dayStart(now, 'America/Los_Angeles'))).toBe(false);
    // At 23:59:59 local the task is still due today; one second later it is overdue.
    const endOfDay = laToday + 86400 - 1;
    expect(isOverdue(laToday, 'new', dayStart(endOfDay, 'America/Los_Angeles'))).toBe(false);
    expect(isOverdue(laToday, 'new', dayStart(endOfDay + 1, 'America/Los_Angeles'))).toBe(true);
    // A day that starts on a daylight-saving change (Los Angeles, 2026-03-08 is 23 hours long).
    const springDay = Date.UTC(2026, 2, 8, 8) / 1000;
    expect(dayStart(Date.UTC(2026, 2, 8, 20) / 1000, 'America/Los_Angeles')).toBe(springDay);
    expect(dayStart(Date.UTC(2026, 2, 9, 6, 59) / 1000, 'America/Los_Angeles')).toBe(springDay);
    expect(dayStart(Date.UTC(2026, 2, 9, 7) / 1000, 'America/Los_Angeles')).toBe(springDay + 23 * 3600);
  });

  it("the task lists take the caller's time zone as the reports do (base64 IANA name)", () => {
    expect(taskListQuery.parse({ timezone: encodeTimezone('Asia/Tokyo') }).timezone).toBe('Asia/Tokyo');
    expect(taskListQuery.safeParse({ timezone: encodeTimezone('Mars/Olympus') }).success).toBe(false);
  });

  it('project panel order: completed last, overdue first, then priority, then due date, undated last', () => {
    const t = (id: number, status: string, priority: string, due: number | null) => ({
      id,
      status,
      priority,
      due_date: due,
    });
    const rows = [
      t(1, 'completed', 'high', NOW - DAY),
      t(2, 'new', 'low', NOW + DAY),
      t(3, 'new', 'high', null),
      t(4, 'new', 'high', NOW + 5 * DAY),
      t(5, 'new', 'high', NOW + 2 * DAY),
      t(6, 'in progress', 'low', NOW - 10),
      t(7, 'new', 'medium', NOW + DAY),
    ];
    expect(rows.sort((a, b) => compareProjectTasks(a, b, NOW)).map((r) => r.id)).toEqual([6, 5, 4, 3, 7, 2, 1]);
    // Due today is not overdue: with today starting before task 6's due time it sorts by priority.
    expect(rows.sort((a, b) => compareProjectTasks(a, b, NOW - 100)).map((r) => r.id)).toEqual([5, 4, 3, 7, 6, 2, 1]);
  });

  it('task form defaults and rules: medium, new, null due date; title required', () => {
    expect(taskSave.parse({ title: ' Plan ' })).toMatchObject({
      title: 'Plan',
      priority: 'medium',
      status: 'new',
      due_date: null,
    });
    expect(taskSave.safeParse({ title: '  ' }).success).toBe(false);
    expect(taskListQuery.parse({})).toMatchObject({ limit: 50, offset: 0, include_subtasks: 1, overdue: 0 });
    expect(taskListQuery.parse({ status: 'all', priority: '' })).toMatchObject({
      status: undefined,
      priority: undefined,
    });
  });
});

describe('projects', () => {
  it('project roles (document 3 section 6)', () => {
    expect(projectCan('owner', 'is_project_owner')).toBe(true);
    expect(projectCan('manager', 'is_project_owner')).toBe(false);
    expect(projectCan('manager', 'can_manage_members')).toBe(true);
    expect(projectCan('member', 'can_manage_members')).toBe(false);
    expect(projectCan('member', 'can_manage_tasks', true)).toBe(true);
    expect(projectCan('member', 'can_manage_tasks', false)).toBe(false);
    expect(projectCan('member', 'manage_note', true)).toBe(true);
    expect(projectCan('manager', 'manage_attachment', false)).toBe(true);
    expect(projectCan('viewer', 'can_view_members')).toBe(true);
    for (const fn of ['can_create_tasks', 'can_add_note', 'can_add_attachment', 'can_manage_tasks'] as const)
      expect(projectCan('viewer', fn, true)).toBe(false);
    expect(projectCan(null, 'can_view_members')).toBe(false);
  });

  it('percent complete is rounded and absent without tasks; list defaults to not-completed', () => {
    expect(percentComplete(3, 1)).toBe(33);
    expect(percentComplete(3, 2)).toBe(67);
    expect(percentComplete(0, 0)).toBeNull();
    expect(projectListQuery.parse({})).toMatchObject({ completion: 'not-completed', limit: 50 });
  });

  it('check-permission ids are comma-separated', () => {
    expect(checkPermissionQuery.parse({ function: 'can_manage_notes', noteIds: '1, 2,3' }).noteIds).toEqual([1, 2, 3]);
    expect(checkPermissionQuery.safeParse({ function: 'can_fly' }).success).toBe(false);
  });
});
