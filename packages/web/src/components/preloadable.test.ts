import { createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);
const inSuspense = (el: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, el));

describe('preloadable', () => {
  it('renders without suspending once preloaded, where React.lazy would suspend on its first render', async () => {
    const load = async () => ({ default: Greeting });
    const Lazy = lazy(load);
    await load();
    expect(inSuspense(createElement(Lazy, { name: 'Ada' }))).toContain('loading');

    let loads = 0;
    const Page = preloadable(async () => {
      loads++;
      return load();
    });
    await Page.preload();
    expect(loads).toBe(1);
    const html = inSuspense(createElement(Page, { name: 'Ada' }));
    expect(html).toContain('<p>Hello Ada</p>');
    expect(html).not.toContain('loading');
  });

  it('suspends like React.lazy when not preloaded', () => {
    const Page = preloadable(async () => ({ default: Greeting }));
    expect(inSuspense(createElement(Page, { name: 'Ada' }))).toContain('loading');
  });

  it('ignores a failed preload: the component still loads lazily later', async () => {
    let fail = true;
    const Page = preloadable(async () => {
      if (fail) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Page.preload()).resolves.toBeUndefined();
    fail = false;
    expect(inSuspense(createElement(Page, { name: 'Bo' }))).toContain('loading');
  });
});
