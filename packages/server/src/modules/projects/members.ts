import type { EventName } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { isProjectOwnerRole, mayChangeMembership, projectCan } from '@bpm/contract/permissions';
import {
  type AssignableUser,
  type MemberAdd,
  PROJECT_ROLES,
  type ProjectMember,
  type ProjectRole,
} from '@bpm/contract/projects';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { users } from '../../db/schema/users';
import { projectMembers, projects } from '../../db/schema/work';
import { conflict, forbidden, invalid, invalidState, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { likePattern } from '../../platform/paging';
import { lockWhere } from '../../platform/records';
import { requireRole } from './access';
import { PROJECT_ENTITY } from './service';

type Caller = Actor & { user_id: number };

// Tables through drizzle (a renamed column fails tsc), under SQL aliases: ${projectMembers} ${PM} renders
// "project_members" "pm".
const PM = alias(projectMembers, 'pm');
const U = alias(users, 'u');
const P = alias(projects, 'p');

const roleRank = sql`case ${PM.role} ${sql.raw(
  `${PROJECT_ROLES.map((r, i) => `when '${r}' then ${i}`).join(' ')} else ${PROJECT_ROLES.length}`,
)} end`;

export async function listMembers(
  db: Db,
  projectId: number,
  userId: number,
  q: { limit: number; offset: number; search: string },
) {
  await requireRole(db, projectId, userId);
  const search = q.search
    ? sql`and lower(${U.firstName} || ' ' || ${U.lastName} || ' ' || ${U.username}) like ${likePattern(q.search)}`
    : sql``;
  const rows = await queryRows<ProjectMember & { total: number }>(
    db,
    sql`select ${PM.userId} as user_id, ${PM.projectId} as project_id, ${PM.role} as role, ${U.firstName} as first_name,
          ${U.lastName} as last_name, ${U.username} as username, count(*) over()::int as total
        from ${projectMembers} ${PM} join ${users} ${U} on ${U.id} = ${PM.userId}
        where ${PM.projectId} = ${projectId} ${search}
        order by ${roleRank}, lower(${U.firstName}), lower(${U.lastName}), ${PM.userId}
        limit ${q.limit} offset ${q.offset}`,
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
}

/** Users for the Assigned To field and the Add Member dialog: active users, members marked. */
export async function assignableUsers(db: Db, projectId: number, userId: number): Promise<AssignableUser[]> {
  await requireRole(db, projectId, userId);
  return queryRows<AssignableUser>(
    db,
    sql`select ${U.id} as id, ${U.firstName} as first_name, ${U.lastName} as last_name, ${U.username} as username,
          ${PM.id} as project_member_id
        from ${users} ${U} left join ${projectMembers} ${PM} on ${PM.userId} = ${U.id} and ${PM.projectId} = ${projectId}
        where ${U.deleted} = 0 and ${U.active} = 1
        order by lower(${U.firstName}), lower(${U.lastName}), ${U.id}`,
  );
}

/** Managers and owners manage members; only an owner grants, changes or removes the owner role. */
async function requireManager(db: Db, projectId: number, userId: number): Promise<ProjectRole> {
  const role = await requireRole(db, projectId, userId);
  if (!projectCan(role, 'can_manage_members')) throw forbidden();
  return role;
}

/** The member's row, locked for the rest of the transaction, with the names an event shows. */
async function memberOf(db: Db, projectId: number, userId: number) {
  await lockWhere(db, projectMembers, and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)), {
    userId: projectMembers.userId,
  });
  const [m] = await queryRows<{
    role: ProjectRole;
    creator: boolean;
    first_name: string;
    last_name: string;
    username: string;
  }>(
    db,
    sql`select ${PM.role} as role, (${P.createdBy} = ${PM.userId}) as creator, ${U.firstName} as first_name,
          ${U.lastName} as last_name, ${U.username} as username
        from ${projectMembers} ${PM} join ${projects} ${P} on ${P.id} = ${PM.projectId} join ${users} ${U} on ${U.id} = ${PM.userId}
        where ${PM.projectId} = ${projectId} and ${PM.userId} = ${userId}`,
  );
  return m;
}

const memberEvent = async (
  tx: Db,
  actor: Caller,
  projectId: number,
  event: EventName,
  who: { username: string; first_name: string; last_name: string },
  data: Record<string, unknown>,
  now: number,
) =>
  recordEvent(
    tx,
    actor,
    {
      entityType: PROJECT_ENTITY,
      entityId: projectId,
      event,
      data: { member: who.username, member_name: `${who.first_name} ${who.last_name}`.trim(), ...data },
    },
    now,
  );

export async function addMember(db: Db, projectId: number, input: MemberAdd, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const myRole = await requireManager(tx, projectId, actor.user_id);
    if (!mayChangeMembership(myRole, null, input.role)) throw forbidden(MSG.onlyOwnerGrantsOwner);
    const [u] = await queryRows<{ username: string; first_name: string; last_name: string }>(
      tx,
      sql`select ${users.username} as username, ${users.firstName} as first_name, ${users.lastName} as last_name from ${users}
          where ${users.id} = ${input.user_id} and ${users.deleted} = 0`,
    );
    if (!u) throw invalid({ user_id: MSG.userNotFound });
    if (await memberOf(tx, projectId, input.user_id)) throw conflict(MSG.alreadyMember);
    await tx
      .insert(projectMembers)
      .values({ projectId, userId: input.user_id, role: input.role, createdAt: now })
      .onConflictDoNothing();
    await memberEvent(tx, actor, projectId, 'project_member_added', u, { role: input.role }, now);
    return { user_id: input.user_id, project_id: projectId, role: input.role };
  });
}

export async function editMember(
  db: Db,
  projectId: number,
  userId: number,
  role: ProjectRole,
  actor: Caller,
  now: number,
) {
  return db.transaction(async (tx) => {
    const myRole = await requireManager(tx, projectId, actor.user_id);
    const m = await memberOf(tx, projectId, userId);
    if (!m) throw notFound(MSG.memberNotFound);
    if (m.creator && !isProjectOwnerRole(role)) throw invalidState(MSG.creatorIsOwner);
    if (!mayChangeMembership(myRole, m.role, role)) throw forbidden(MSG.onlyOwnerGrantsOwner);
    if (m.role !== role) {
      await tx
        .update(projectMembers)
        .set({ role })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
      await memberEvent(
        tx,
        actor,
        projectId,
        'project_member_updated',
        m,
        { changes: { role: { old: m.role, new: role } } },
        now,
      );
    }
    return { user_id: userId, project_id: projectId, role };
  });
}

export async function removeMember(db: Db, projectId: number, userId: number, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const myRole = await requireManager(tx, projectId, actor.user_id);
    const m = await memberOf(tx, projectId, userId);
    if (!m) throw notFound(MSG.memberNotFound);
    if (!mayChangeMembership(myRole, m.role, null)) throw forbidden(MSG.onlyOwnerGrantsOwner);
    if (m.creator) throw invalidState(MSG.creatorIsOwner);
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    await memberEvent(tx, actor, projectId, 'project_member_removed', m, { role: m.role }, now);
    return { user_id: userId, project_id: projectId };
  });
}
