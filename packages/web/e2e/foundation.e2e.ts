/**
 * Foundation journeys (document 1 sections 2.1–2.4, 2.11, 4.5): login screen, side menu and route
 * guard per role, cross-tab logout, and the user lifecycle (create → sign in → disable → refused).
 */
import assert from 'node:assert/strict';
import { MSG } from '@bpm/contract/messages';
import { canReach, landingRoute, MENUS, ROLES, ROUTES, type Role } from '@bpm/contract/roles';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, expectAccessibleAtViewports, expectFocusRing } from './axe';

interface Ctx {
  browser: Browser;
  page: Page;
  baseURL: string;
}

const PASSWORD = 'bpm-demo';
const demoUser = (role: Role) => (role === 'administrator' ? 'admin' : role);

/** Waits until the path (without query) of the page's URL is `path`. */
async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

/** Signs in from the login screen (the caller has opened it). */
async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('menu-button').waitFor();
}

async function signOut(page: Page) {
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('avatar-logout').click();
  await page.getByTestId('login-username').waitFor();
  await expectPath(page, '/');
}

/** A path the role cannot reach: another role's route, or for the administrator a path its guard rejects. */
function forbiddenPath(role: Role): string {
  if (role === 'sale') return '/users';
  const other = ROUTES.administrator.find((p) => !p.includes(':') && !canReach(role, p));
  return other ?? '/dashboard/add';
}

/** 2.3 and 2.4 for all eight roles: exact menu entries, unmatched and forbidden paths land on landingRoute. */
export async function everyRoleSeesItsMenuAndLandsOnItsRoute({ browser, baseURL }: Ctx) {
  for (const role of ROLES) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await signIn(page, demoUser(role));
      await expectPath(page, landingRoute(role));
      // Each role's landing screen (the dashboards among them) at the three viewports.
      await expectAccessibleAtViewports(page, `${role}'s landing page`);

      await page.getByTestId('menu-button').click();
      const menu = page.getByTestId('side-menu');
      await menu.getByText('What would you like to do?').waitFor();
      await expectAccessible(page, `${role}'s side menu`);
      const labels = await menu.getByRole('navigation', { name: 'Main menu' }).getByRole('button').allInnerTexts();
      assert.deepEqual(
        labels.map((l) => l.trim()),
        MENUS[role].map((m) => m.label),
        `menu of ${role}`,
      );
      // Menu entries navigate: the first route entry opens its page.
      const first = MENUS[role].find((m) => m.path);
      if (first?.path) {
        await page.getByTestId(`menu-${first.path.slice(1)}`).click();
        await expectPath(page, first.path);
        await menu.waitFor({ state: 'hidden' });
      }

      await page.goto('/no-such-page');
      await expectPath(page, landingRoute(role));
      await page.getByTestId('menu-button').waitFor();

      const forbidden = forbiddenPath(role);
      assert.equal(canReach(role, forbidden), false, `${forbidden} should be outside ${role}'s table`);
      await page.goto(forbidden);
      await expectPath(page, landingRoute(role));
      await page.getByTestId('menu-button').waitFor();
    } catch (err) {
      (err as Error).message = `[${role}] ${(err as Error).message}`;
      throw err;
    } finally {
      await context.close();
    }
  }
}

/** 4.5: logging out in one tab logs out the other tab of the same browser, without a reload. */
export async function logoutInOneTabLogsOutTheOther({ page }: Ctx) {
  await page.goto('/');
  await signIn(page, 'sale');
  const tab2 = await page.context().newPage();
  await tab2.goto('/orders');
  // The second tab restores the session from the shared refresh cookie.
  await tab2.getByTestId('menu-button').waitFor();
  await expectPath(tab2, '/orders');
  await tab2.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });

  await signOut(page);

  await tab2.getByTestId('login-username').waitFor();
  assert.equal(await tab2.getByTestId('menu-button').count(), 0);
  assert.equal(
    await tab2.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    true,
    'tab 2 must not reload',
  );
  // And the session is really gone: a reload of tab 2 stays on the login screen.
  await tab2.reload();
  await tab2.getByTestId('login-username').waitFor();
}

/** 2.11: the administrator adds a user, who signs in; once disabled, the user's login is refused. */
export async function adminCreatesAndDisablesAUser({ page }: Ctx) {
  const username = `e2e_qa_${Date.now().toString(36)}`;
  const password = 'e2e-secret-1';

  await page.goto('/');
  await signIn(page, 'admin');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-users').click();
  await expectPath(page, '/users');
  await page.getByText('Add / Edit User').waitFor();
  await expectAccessibleAtViewports(page, 'users list');
  await page.getByTestId('user-add').click();
  await expectPath(page, '/users/add');
  await expectAccessibleAtViewports(page, 'user form');

  await page.getByTestId('field-username').fill(username);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('field-confirmPassword').fill(password);
  await page.getByTestId('field-first_name').fill('Quinn');
  await page.getByTestId('field-last_name').fill('Tester');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'qa', exact: true }).waitFor();
  await expectAccessible(page, 'user form, Role open');
  await page.getByRole('option', { name: 'qa', exact: true }).click();
  await page.getByTestId('user-save').click();
  await page.getByText(MSG.saved).first().waitFor();
  await expectPath(page, '/users');

  await page.getByTestId('users-search').fill(username);
  const row = page.getByTestId('users-table-row').filter({ hasText: username });
  await row.getByText('Quinn Tester (qa)').waitFor();
  assert.equal(await row.getByTestId('user-disabled').count(), 0);
  await signOut(page);

  // The new user signs in and lands on the qa landing route.
  await signIn(page, username, password);
  await expectPath(page, landingRoute('qa'));
  await signOut(page);

  // The administrator disables the user on the edit form.
  await signIn(page, 'admin');
  await page.goto('/users');
  await page.getByTestId('users-search').fill(username);
  await page.getByTestId('users-table-row').filter({ hasText: username }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/users/edit/'));
  const active = page.getByTestId('user-active');
  await active.waitFor();
  assert.equal(await active.isChecked(), true);
  // The switch is part of the form: the change is sent with Save (Cancel would leave the user active).
  await active.click();
  await page.getByText('Disabled', { exact: true }).waitFor();
  assert.equal(await active.isChecked(), false);
  await expectAccessible(page, 'user form, disabled user');
  await page.getByTestId('user-save').click();
  await expectPath(page, '/users');
  await page.getByTestId('users-search').fill(username);
  await page.getByTestId('users-table-row').filter({ hasText: username }).getByTestId('user-disabled').waitFor();
  await signOut(page);

  // Now the login is refused with the disabled-account message.
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByText(MSG.accountDisabled).first().waitFor();
  await expectAccessible(page, 'login screen, disabled account');
  assert.equal(await page.getByTestId('menu-button').count(), 0);
}

/** 2.1: missing fields and a wrong password. */
export async function loginScreenRejectsMissingAndWrongCredentials({ page }: Ctx) {
  await page.goto('/');
  await page.getByTestId('login-username').waitFor();
  await expectAccessibleAtViewports(page, 'login screen');
  // Keyboard focus is visible: the field's 2 px focused border, the button's ring.
  await page.getByTestId('login-username').focus();
  await expectFocusRing(page, 'login user name');
  await page.getByTestId('login-submit').focus();
  await expectFocusRing(page, 'login button');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-missing').getByText(MSG.loginRequired).waitFor();
  await expectAccessible(page, 'login screen, missing fields');

  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-missing').getByText(MSG.loginRequired).waitFor();

  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await page.getByText(MSG.invalidCredentials).first().waitFor();
  await expectAccessible(page, 'login screen, wrong password');
  await page.getByTestId('login-missing').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('menu-button').count(), 0);

  // The right password still works afterwards.
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('menu-button').waitFor();
  await expectPath(page, landingRoute('administrator'));
}

/** Each dashboard role's landing calls (document 1 section 2.5 and the top bar's profile), by path. */
const LANDING_CALLS: Partial<Record<Role, string[]>> = {
  administrator: [
    '/api/user/profile',
    '/api/tasks/my',
    '/api/dashboard/sales',
    '/api/dealers/autocomplete',
    '/api/orders/request-to-delete',
    '/api/quotations/request-to-delete',
    '/api/purchaseorders/waitingapproval',
  ],
  sale: ['/api/user/profile', '/api/tasks/my', '/api/dashboard/sales', '/api/dealers/autocomplete'],
  production: ['/api/user/profile', '/api/tasks/my', '/api/dashboard/production', '/api/dealers/autocomplete'],
  purchase: ['/api/user/profile', '/api/tasks/my', '/api/autocomplete/suppliers', '/api/dashboard/purchasing'],
};

/**
 * Signs `role` in on the login screen shown at `path`, once the signed-in app's code has loaded (as when a person
 * types), and answers the page's log once it has settled: each fetch's path as it starts, and 'shell' when the
 * signed-in shell first showed, in the page's own order.
 */
async function signInLogged({ browser, baseURL }: Ctx, role: Role, path: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const w = window as unknown as { steps: string[] };
    w.steps = [];
    const fetch0 = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      w.steps.push(new URL(url, location.href).pathname);
      return fetch0(input, init);
    };
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="menu-button"]')) return;
      w.steps.push('shell');
      seen.disconnect();
    });
    document.addEventListener('DOMContentLoaded', () =>
      seen.observe(document.body, { childList: true, subtree: true }),
    );
  });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByTestId('login-username').waitFor();
  // The signed-in app's code loads while the login screen waits (App.tsx, when the browser is idle).
  await page.waitForTimeout(2500);
  await page.waitForLoadState('networkidle');
  await signIn(page, demoUser(role));
  await expectPath(page, path === '/' ? landingRoute(role) : path);
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
  await page.waitForLoadState('networkidle');
  const steps = await page.evaluate(() => (window as unknown as { steps: string[] }).steps);
  await context.close();
  return steps;
}

/**
 * Issue 25 item 4: after LOG IN, a dashboard role's landing calls go out before the signed-in shell first shows
 * (they no longer wait for its render), and each once (the page takes them from the cache). Signing in on another
 * page's address asks for none of the dashboard's data.
 */
export async function landingCallsGoOutOnceBeforeTheShellRenders(ctx: Ctx) {
  for (const [role, calls] of Object.entries(LANDING_CALLS) as [Role, string[]][]) {
    const steps = await signInLogged(ctx, role, '/');
    const log = `${role}: ${steps.join(' ')}`;
    const shell = steps.indexOf('shell');
    assert.ok(shell > 0, `the shell showed (${log})`);
    for (const call of calls) {
      assert.equal(steps.filter((s) => s === call).length, 1, `${call} once (${log})`);
      assert.ok(steps.indexOf(call) < shell, `${call} before the shell showed (${log})`);
    }
  }
  const steps = await signInLogged(ctx, 'administrator', '/orders');
  const dashboardOnly = [
    '/api/dashboard/sales',
    '/api/orders/request-to-delete',
    '/api/quotations/request-to-delete',
    '/api/purchaseorders/waitingapproval',
  ];
  for (const call of dashboardOnly)
    assert.ok(!steps.includes(call), `administrator at /orders: no ${call} (${steps.join(' ')})`);
  assert.equal(steps.filter((s) => s === '/api/user/profile').length, 1, `the profile once (${steps.join(' ')})`);
}
