import { type Action, can, type PermissionContext } from '@bpm/contract/permissions';
import { useCallback, useSyncExternalStore } from 'react';
import { getSession, onSessionChange, refreshSession, type Session } from './client';

export type AuthState =
  | { status: 'restoring' }
  | { status: 'anonymous'; error?: string }
  | { status: 'authenticated'; session: Session };

let state: AuthState = { status: 'restoring' };
const subs = new Set<() => void>();
const set = (s: AuthState) => {
  state = s;
  for (const fn of subs) fn();
};

onSessionChange((s, reason) =>
  set(s ? { status: 'authenticated', session: s } : { status: 'anonymous', error: reason }),
);

let started = false;
/** On start: try to restore the session from the refresh cookie (a 401 just means "not logged in"). */
export function restoreSession() {
  if (started) return;
  started = true;
  refreshSession({ silent: true }).catch(() => {
    if (state.status === 'restoring') set({ status: 'anonymous' });
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(
    (fn) => {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    () => state,
  );
}

/** The signed-in user (only call below the authenticated shell). */
export function useCurrentUser() {
  const s = useAuth();
  const session = s.status === 'authenticated' ? s.session : getSession();
  if (!session) throw new Error('useCurrentUser outside an authenticated page');
  return session.user;
}

/** Hides the restore/refresh banner once the user starts typing again. */
export function dismissAuthError() {
  if (state.status === 'anonymous' && state.error) set({ status: 'anonymous' });
}

/**
 * @public `can(action, context?)` for the signed-in user: the contract's one permission check. Features gate
 * buttons and fields with it; they never compare `user_role` themselves.
 */
export function useCan(): (action: Action, context?: PermissionContext) => boolean {
  const { user_role } = useCurrentUser();
  return useCallback((action, context) => can(user_role, action, context), [user_role]);
}
