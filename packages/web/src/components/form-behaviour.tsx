import { MSG } from '@bpm/contract/messages';
import { useEffect, useRef } from 'react';
import { type NavigateFunction, useBlocker } from 'react-router';
import { toast } from '../api/notify';
import { ConfirmDialog } from './ConfirmDialog';
import { INVALID_SELECTOR, shouldBlockLeave } from './form-guard';
import { UI_MSG } from './ui-messages';

/**
 * After a failed submit: scrolls to and focuses the first highlighted field and toasts 'Please correct the
 * highlighted fields.' (waits a frame so the errors have rendered). Answers whether a field was highlighted.
 */
export function reportInvalid(root: HTMLElement | null): Promise<boolean> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const el = root?.querySelector<HTMLElement>(INVALID_SELECTOR);
      if (!el) return resolve(false);
      el.scrollIntoView({ block: 'center', behavior: 'auto' });
      el.focus({ preventScroll: true });
      toast(MSG.validation, 'error');
      resolve(true);
    });
  });
}

/**
 * Warns before a changed form is left: in-app navigation (Back, a menu click, a link) asks in a dialog, the
 * browser's unload asks with its own prompt. `submitting` lets a save that navigates on success through.
 */
export function useLeaveGuard(dirty: boolean) {
  const submitting = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldBlockLeave({
      dirty,
      submitting: submitting.current,
      currentPath: currentLocation.pathname,
      nextPath: nextLocation.pathname,
      nextState: nextLocation.state,
    }),
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      if (submitting.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={UI_MSG.leaveTitle}
      message={UI_MSG.leaveQuestion}
      confirmLabel={UI_MSG.leave}
      cancelLabel={UI_MSG.stay}
      testId="leave-dialog"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  /** Runs `fn` (a save) with navigation allowed. */
  const whileSubmitting = async <T,>(fn: () => Promise<T>): Promise<T> => {
    submitting.current = true;
    try {
      return await fn();
    } finally {
      submitting.current = false;
    }
  };
  return { dialog, whileSubmitting };
}

/**
 * `navigate(-1)` for a save that goes back on success: resolves once the browser has moved (popstate, or after a
 * second when there is no page to go back to), so the save's pass through the leave guard covers the move.
 */
export function goBackAfterSave(navigate: NavigateFunction): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    window.addEventListener('popstate', done);
    void navigate(-1);
  });
}
