/** Users (document 1 §2.11): made through the administrator's save call. */
import type { Role } from '@bpm/contract/roles';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/users';
import { bearer, type TestApp } from '../helpers';
import { uniq } from './uniq';

const PASSWORD = 'secret1';

/** A new active user of `role` (e.g. a second tester); answers its id, username, saved record and bearer header. */
export async function makeUser(
  t: TestApp,
  role: Role,
  first = 'Other',
  last = 'Tester',
  over: Record<string, unknown> = {},
) {
  const username = uniq('u').replace(/-/g, 'x');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users/save',
    headers: await t.as('administrator'),
    payload: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      user_role: role,
      first_name: first,
      last_name: last,
      email: `${username}@example.com`,
      phone: '',
      position: 'Tech',
      company_name: 'BPM',
      country: 'Germany',
      ...over,
    },
  });
  if (res.statusCode !== 200) throw new Error(`user save ${res.statusCode} ${res.body}`);
  const record = res.json().data as { id: number; username: string; user_role: string; [k: string]: unknown };
  return { id: record.id, username, record, headers: await bearer(t, username, PASSWORD) };
}

/** The id of a demo user (username = role, `admin` for administrator; the eight role users are fixed by the spec). */
export async function userId(t: TestApp, role: Role | 'admin') {
  const username = role === 'administrator' ? 'admin' : role;
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return u.id;
}
