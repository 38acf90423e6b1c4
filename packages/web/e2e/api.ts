/** Journey set-up through the API, and signing in through the form as one role after another. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export const PASSWORD = 'bpm-demo';

/** Signs in through the login form as `username` (every demo user's password is PASSWORD). */
export async function signIn(page: Page, username: string) {
  await page.goto('/');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('menu-button').waitFor();
}

/**
 * Signs in as `username` after dropping any earlier session of the page (the access token lives in
 * memory, the refresh token in a cookie), so one page plays every role in turn and a failure's
 * screenshot shows the screen that failed.
 */
export async function become(page: Page, username: string) {
  await page.context().clearCookies();
  await signIn(page, username);
}

/**
 * Waits for a toast with `text` to show. Two identical toasts may be on screen at once (a second save's
 * confirmation while the first one's leaves), so the first shown one counts.
 */
export async function toastShown(page: Page, text: string | RegExp) {
  await page.getByText(text).filter({ visible: true }).first().waitFor();
}

export interface Api {
  userId: number;
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data: object) => Promise<T>;
  /** A multipart form (the product and order saves take one); arrays are sent as JSON. */
  form: <T>(path: string, fields: Record<string, string | number | object>) => Promise<T>;
}

/** Calls the API as `username` with its own bearer token (set-up only; the page signs in through the form). */
export async function apiAs(page: Page, username: string): Promise<Api> {
  const res = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  assert.equal(res.status(), 200, `login ${username}`);
  const { access_token } = (await res.json()) as { access_token: string };
  await page.context().clearCookies();
  const payload = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString()) as { user_id: number };
  const headers = { Authorization: `Bearer ${access_token}` };
  const answer = async <T>(what: string, r: Awaited<ReturnType<Page['request']['get']>>) => {
    assert.equal(r.status(), 200, `${what}: ${await r.text()}`);
    return ((await r.json()) as { data: T }).data;
  };
  return {
    userId: payload.user_id,
    get: async (path) => answer(`GET ${path}`, await page.request.get(`/api${path}`, { headers })),
    post: async (path, data) => answer(`POST ${path}`, await page.request.post(`/api${path}`, { headers, data })),
    form: async (path, fields) => {
      const multipart: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) multipart[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
      return answer(`POST ${path}`, await page.request.post(`/api${path}`, { headers, multipart }));
    },
  };
}
