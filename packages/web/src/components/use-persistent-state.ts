import { useCallback, useState } from 'react';
import { getSession } from '../api/client';
import { persistentKey, readPersistent } from './persistent-key';

/**
 * Filter/sort/page state of a page kept in localStorage per user under `bpm:${username}:${pageKey}`.
 * Returns [state, update (partial merge), reset to defaults].
 */
export function usePersistentState<T extends object>(
  pageKey: string,
  defaults: T,
): [T, (patch: Partial<T> | ((s: T) => Partial<T>)) => void, () => void] {
  const key = persistentKey(getSession()?.user.username ?? 'anonymous', pageKey);
  const [state, setState] = useState<T>(() => {
    try {
      return readPersistent(localStorage.getItem(key), defaults);
    } catch {
      return defaults;
    }
  });
  const write = (v: T) => {
    try {
      localStorage.setItem(key, JSON.stringify(v));
    } catch {
      /* storage full or disabled: state still works for this visit */
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is stable for a mounted page
  const update = useCallback(
    (patch: Partial<T> | ((s: T) => Partial<T>)) => {
      setState((s) => {
        const next = { ...s, ...(typeof patch === 'function' ? patch(s) : patch) };
        write(next);
        return next;
      });
    },
    [key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are the page's constants
  const reset = useCallback(() => {
    write(defaults);
    setState(defaults);
  }, [key]);
  return [state, update, reset];
}
