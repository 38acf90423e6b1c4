import { EVENTS } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { isAdministrator } from '@bpm/contract/permissions';
import type { Role } from '@bpm/contract/roles';
import { ADMIN_USERNAME, type User, type UserRow, type UserSave } from '@bpm/contract/users';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/auth';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { type Actor, checkVersion, diff, recordEvent } from '../../platform/events';
import { likePattern, orderBy, splitTotal, totalOver } from '../../platform/paging';
import { lockRow, updateVersioned } from '../../platform/records';
import { revokeUserSessions } from '../session/service';

const rowColumns = {
  id: users.id,
  username: users.username,
  user_role: users.userRole,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  company_name: users.companyName,
  country: users.country,
  active: users.active,
};

export async function listUsers(
  db: Db,
  q: { search: string; sort?: string; order?: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const live = eq(users.deleted, 0);
  const where = q.search
    ? and(
        live,
        sql`lower(${users.username} || ' ' || ${users.companyName} || ' ' || ${users.country} || ' ' || ${users.email}) like ${likePattern(q.search)}`,
      )
    : live;
  const order = orderBy(
    { username: sql`lower(${users.username})`, active: users.active },
    q.sort,
    q.order,
    sql`lower(${users.username}) asc`,
  );
  const rows = await db
    .select({ ...rowColumns, total: totalOver() })
    .from(users)
    .where(where)
    .orderBy(order, users.id)
    .limit(q.limit)
    .offset(q.offset);
  const page = await splitTotal(db, rows, q.offset, users, where);
  return { rows: page.rows.map((r) => ({ ...r, user_role: r.user_role as Role })), total: page.total };
}

export async function getUser(db: Db, id: number): Promise<User> {
  const [u] = await db
    .select({
      ...rowColumns,
      phone: users.phone,
      position: users.position,
      signature_img: files.fileName,
      deleted: users.deleted,
      version: users.version,
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.signatureFileId))
    .where(and(eq(users.id, id), eq(users.deleted, 0)));
  if (!u) throw notFound('User not found');
  return { ...u, user_role: u.user_role as Role, signature_img: u.signature_img ?? null };
}

/** What an event shows of a user: the form's fields, never the password. */
const snapshot = (u: User) => ({
  username: u.username,
  user_role: u.user_role,
  first_name: u.first_name,
  last_name: u.last_name,
  phone: u.phone,
  email: u.email,
  position: u.position,
  company_name: u.company_name,
  country: u.country,
  active: u.active,
  signature_img: u.signature_img,
});

export async function saveUser(
  db: Db,
  input: UserSave,
  storeSignature: ((tx: Db) => Promise<number | undefined>) | undefined,
  actor: Actor,
  now: number,
): Promise<User> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.deleted, 0)));
    if (taken.some((t) => t.id !== input.id)) throw invalid({ username: MSG.usernameTaken });
    if (input.id) await lockRow(tx, users, input.id);
    const before = input.id ? await getUser(tx, input.id) : undefined;
    if (before) {
      await checkVersion(tx, 'user', before, input.version);
      if (before.username.toLowerCase() === ADMIN_USERNAME) {
        if (input.username !== before.username) throw invalid({ username: MSG.adminUsernameLocked });
        if (!isAdministrator(input.user_role)) throw invalid({ user_role: MSG.adminRoleLocked });
      }
      if (input.id === actor.user_id && input.active === 0) throw forbidden(MSG.cannotDeleteSelf);
    }
    const signatureFileId = storeSignature ? await storeSignature(tx) : undefined;

    if (!before) {
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash: await hashPassword(input.password),
          userRole: input.user_role,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          email: input.email,
          position: input.position,
          companyName: input.company_name,
          country: input.country,
          active: input.active ?? 1,
          signatureFileId: signatureFileId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const user = await getUser(tx, created!.id);
      await recordEvent(
        tx,
        actor,
        { entityType: 'user', entityId: user.id, event: 'user_created', data: { changes: diff(null, snapshot(user)) } },
        now,
      );
      return user;
    }

    await tx
      .update(users)
      .set({
        username: input.username,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        userRole: input.user_role,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        email: input.email,
        position: input.position,
        companyName: input.company_name,
        country: input.country,
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(signatureFileId ? { signatureFileId } : {}),
        version: sql`${users.version} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, before.id));
    const after = await getUser(tx, before.id);
    const changes = diff(snapshot(before), snapshot(after));
    if (input.password) changes.password = { old: '••••••', new: '••••••' };
    await recordEvent(
      tx,
      actor,
      { entityType: 'user', entityId: after.id, event: 'user_updated', data: { username: after.username, changes } },
      now,
    );
    if (input.password || after.active !== 1) await revokeUserSessions(tx, after.id, now);
    return after;
  });
}

/** Enable, disable or soft-delete: one flag change with its event. */
export async function setUserFlag(
  db: Db,
  id: number,
  change: 'enable' | 'disable' | 'delete',
  actor: Actor,
  now: number,
): Promise<{ active?: number; deleted?: number }> {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    if (change !== 'enable' && id === actor.user_id) throw forbidden(MSG.cannotDeleteSelf);
    if (change === 'delete' && before.username.toLowerCase() === ADMIN_USERNAME)
      throw forbidden(MSG.adminUsernameLocked);
    const set = change === 'delete' ? { deleted: 1 } : change === 'disable' ? { active: 0 } : { active: 1 };
    await updateVersioned(tx, users, id, set, now);
    const field = 'deleted' in set ? 'deleted' : 'active';
    const oldValue = field === 'deleted' ? before.deleted : before.active;
    await recordEvent(
      tx,
      actor,
      {
        entityType: 'user',
        entityId: id,
        event: { enable: EVENTS.user.enabled, disable: EVENTS.user.disabled, delete: EVENTS.user.deleted }[change],
        data: { username: before.username, changes: { [field]: { old: oldValue, new: Object.values(set)[0] } } },
      },
      now,
    );
    if (change !== 'enable') await revokeUserSessions(tx, id, now);
    return set;
  });
}

export async function signatureFileId(db: Db, id: number): Promise<number | null> {
  const [u] = await db
    .select({ f: users.signatureFileId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.deleted, 0)));
  if (!u) throw notFound('User not found');
  return u.f;
}

export async function deleteSignature(db: Db, id: number, actor: Actor, now: number) {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    await updateVersioned(tx, users, id, { signatureFileId: null }, now);
    await recordEvent(
      tx,
      actor,
      {
        entityType: 'user',
        entityId: id,
        event: 'signature_deleted',
        data: { username: before.username, changes: { signature_img: { old: before.signature_img, new: null } } },
      },
      now,
    );
    return { signature_img: null };
  });
}
