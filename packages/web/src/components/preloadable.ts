import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';

/**
 * A lazily loaded component that can also be loaded ahead of use. Once loaded, it renders without
 * suspending: React.lazy suspends on every first render (import() is always asynchronous), and React
 * then holds the Suspense fallback for at least 300 ms before showing the content — most of the time
 * between LOGIN and a usable dashboard was two such waits (docs/performance.md).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(load);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy element to the loaded one would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  Preloadable.preload = () =>
    load().then(
      (m) => {
        loaded = m.default;
      },
      () => undefined,
    );
  return Preloadable;
}

/** Runs `preload` once the browser is idle (never before the current screen has shown). */
export function whenIdle(preload: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(preload, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(preload, 500);
  return () => clearTimeout(id);
}

/**
 * False until the browser is first idle after `ready` (the part's data, say) became true: a part of a page not
 * needed to use it (the dashboard's chart) renders then, so its render and layout do not hold the page's first paint.
 */
export function useIdle(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (ready ? whenIdle(() => setIdle(true)) : undefined), [ready]);
  return idle;
}
