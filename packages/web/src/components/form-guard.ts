/** Navigation state that skips the unsaved-changes prompt (a form that has just saved and moves on). */
export const SKIP_LEAVE_GUARD = { skipLeaveGuard: true } as const;

/**
 * Whether leaving for `next` must ask first: only a changed form, not while its own submit is running (a save
 * that navigates on success), not for a navigation marked with SKIP_LEAVE_GUARD, and not within the same page
 * (search or hash changes).
 */
export function shouldBlockLeave(p: {
  dirty: boolean;
  submitting: boolean;
  currentPath: string;
  nextPath: string;
  nextState?: unknown;
}): boolean {
  if (!p.dirty || p.submitting) return false;
  if (p.nextState && typeof p.nextState === 'object' && 'skipLeaveGuard' in p.nextState) return false;
  return p.currentPath !== p.nextPath;
}

/** The first invalid field of a form, in document order: inputs MUI marks aria-invalid, and file boxes. */
export const INVALID_SELECTOR = '[aria-invalid="true"], [data-invalid="true"]';
