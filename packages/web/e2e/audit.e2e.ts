/**
 * Audit journeys: every role walks every route of its table (document 1 section 2.4) and no page
 * may throw, log a console error, or get an API answer of 400 or more — a 403 there means the page
 * calls an endpoint the role may not use (e.g. the wrong role-prefixed variant). Screens register in
 * PAGES (src/app/routes.tsx) and are walked from then on. Each screen is also checked with axe-core
 * (0 serious, 0 critical violations).
 */
import assert from 'node:assert/strict';
import { ROLES, ROUTES, type Role } from '@bpm/contract/roles';
import type { Browser, Page } from 'playwright-core';
import { PAGES } from '../src/app/routes';
import { axeViolations } from './axe';

interface Ctx {
  browser: Browser;
  page: Page;
  baseURL: string;
}

const PASSWORD = 'bpm-demo';
const demoUser = (role: Role) => (role === 'administrator' ? 'admin' : role);

/** Real ids for the route parameters (first row of each list, read as the administrator). */
async function routeIds(baseURL: string): Promise<Record<string, string>> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const first = async (path: string) => {
    const res = await fetch(`${baseURL}/api/${path}`, { headers: { authorization: `Bearer ${access_token}` } });
    const body = (await res.json()) as { data: { id: number }[] };
    const id = body.data?.[0]?.id;
    assert.ok(id, `no row from /api/${path}`);
    return String(id);
  };
  // Optional: areas whose first row, read as the administrator, every role that reaches them may open.
  const firstOrNone = (path: string) => first(path).catch(() => undefined);
  const [purchaseOrder, packingList] = await Promise.all([
    firstOrNone('purchaseorders?limit=1'),
    firstOrNone('packinglists?limit=1'),
  ]);
  const [order, quotation, dealer, product, part, supplier, user] = await Promise.all([
    first('orders?limit=1'),
    first('quotations?limit=1'),
    first('dealers?limit=1'),
    first('products?limit=1'),
    first('partComponents?limit=1'),
    first('suppliers?limit=1'),
    first('admin/users?limit=1'),
  ]);
  return {
    OrderId: order,
    QuotationId: quotation,
    DealerId: dealer,
    dealerId: dealer,
    supplierId: supplier,
    ProductId: product,
    id: part,
    SupplierId: supplier,
    UserId: user,
    ParamId: order,
    ...(purchaseOrder ? { PurchaseOrderId: purchaseOrder } : {}),
    ...(packingList ? { PackingListId: packingList } : {}),
  };
}

/** Waits until no /api/ request has been in flight for `quietMs` (at most `maxMs`). */
async function settle(inFlight: () => number, quietMs = 250, maxMs = 8_000) {
  const until = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
}

/** Every role opens every reachable page (real ids) without page errors, console errors or API errors. */
export async function everyRoleOpensEveryReachablePageWithoutErrors({ browser, baseURL }: Ctx) {
  const ids = await routeIds(baseURL);
  const problems: string[] = [];
  for (const role of ROLES) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      let at = '(login)';
      let pending = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/')) pending++;
      });
      const done = (r: { url(): string }) => {
        if (r.url().includes('/api/')) pending = Math.max(0, pending - 1);
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      page.on('pageerror', (e) => problems.push(`${role} ${at}: page error ${e.message}`));
      page.on('console', (m) => {
        // The start-up session restore answers 401 when nobody is signed in; that is expected.
        if (m.type() === 'error' && at !== '(login)') problems.push(`${role} ${at}: console ${m.text()}`);
      });
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (!url.pathname.startsWith('/api/') || r.status() < 400) return;
        if (at === '(login)' && url.pathname === '/api/auth/refresh') return;
        problems.push(`${role} ${at}: ${r.status()} ${r.request().method()} ${url.pathname}`);
      });

      await page.goto('/');
      await page.getByTestId('login-username').fill(demoUser(role));
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('menu-button').waitFor();
      await settle(() => pending);

      // Built screens only: a pattern without a page shows the static placeholder and calls nothing.
      // Pages whose record depends on the role (a project's members, a tester's checklist, a PO's
      // history version) have no shared id here: their own journeys (work, testing, purchasing) open them.
      const known = (p: string) => [...p.matchAll(/:(\w+)/g)].every((m) => ids[m[1] as string]);
      for (const pattern of ROUTES[role].filter((p) => PAGES[p] && known(p))) {
        const path = pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] as string);
        at = path;
        // Client-side navigation (as the menu and links do): one app load per role keeps this fast.
        await page.evaluate((p) => {
          window.history.pushState({}, '', p);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await settle(() => pending);
        const landed = await page.evaluate(() => window.location.pathname);
        if (landed !== path) problems.push(`${role} ${path}: redirected to ${landed}`);
        await page.getByTestId('menu-button').waitFor();
        // Issue 9 item 13: every built screen has 0 serious and 0 critical axe violations.
        for (const v of await axeViolations(page)) problems.push(`${role} ${path}: axe ${v}`);
      }
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(problems, [], `problems:\n${problems.join('\n')}`);
}
