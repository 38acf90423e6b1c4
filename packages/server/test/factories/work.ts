/** Projects and tasks (document 3): made through the API by a signed-in user. */
import type { Role } from '@bpm/contract/roles';
import { call, type TestApp } from '../helpers';
import { userId } from './users';

type Who = Role | 'admin';
type ProjectRole = 'manager' | 'member' | 'viewer';

/**
 * A project created by `owner` (its owner), with `members` added by the owner as demo users in project
 * roles; answers the saved record.
 */
export async function makeProject(
  t: TestApp,
  owner: Who,
  fields: { name: string; description?: string },
  members: Array<[Role, ProjectRole]> = [],
) {
  const res = await call(t, owner, 'POST', '/projects/add', fields);
  if (res.statusCode !== 200) throw new Error(`project add ${res.statusCode} ${res.body}`);
  const project = res.json().data as { id: number; name: string; [k: string]: unknown };
  for (const [who, role] of members) {
    const r = await call(t, owner, 'POST', `/projects/${project.id}/members/add`, {
      project_id: project.id,
      user_id: await userId(t, who),
      role,
    });
    if (r.statusCode !== 200) throw new Error(`member add ${r.statusCode} ${r.body}`);
  }
  return project;
}

/** A task added by `who`; answers the saved record. */
export async function makeTask(t: TestApp, who: Who, body: { title: string; [k: string]: unknown }) {
  const res = await call(t, who, 'POST', '/tasks/add', body);
  if (res.statusCode !== 200) throw new Error(`task add ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; title: string; [k: string]: unknown };
}
