import { describe, expect, it } from 'vitest';
import { SKIP_LEAVE_GUARD, shouldBlockLeave } from './form-guard';

const base = { dirty: true, submitting: false, currentPath: '/orders/edit/1', nextPath: '/orders' };

describe('shouldBlockLeave (warn before leaving a changed form)', () => {
  it('asks when a changed form is left for another page', () => {
    expect(shouldBlockLeave(base)).toBe(true);
  });
  it('lets an unchanged form go', () => {
    expect(shouldBlockLeave({ ...base, dirty: false })).toBe(false);
  });
  it('lets a save that navigates on success go', () => {
    expect(shouldBlockLeave({ ...base, submitting: true })).toBe(false);
    expect(shouldBlockLeave({ ...base, nextState: SKIP_LEAVE_GUARD })).toBe(false);
  });
  it('does not ask for a change of search or hash on the same page', () => {
    expect(shouldBlockLeave({ ...base, nextPath: base.currentPath })).toBe(false);
  });
  it('ignores unrelated navigation state', () => {
    expect(shouldBlockLeave({ ...base, nextState: { from: 'x' } })).toBe(true);
  });
});
