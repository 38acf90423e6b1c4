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
import type { Actor } from '../../platform/events';
import { storeFieldUpload, type Uploads } from '../../platform/files';
import { orderBy, splitTotal, totalOver, trigramSearch } from '../../platform/paging';
import { type RecordKind, saveRecord } from '../../platform/records';
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
        trigramSearch(
          sql`lower(${users.username} || ' ' || ${users.companyName} || ' ' || ${users.country} || ' ' || ${users.email})`,
          q.search,
        ),
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
  return readUser(db, id, true);
}

/** A user; `live` leaves out soft-deleted ones (a soft delete reads its row back deleted). */
async function readUser(db: Db, id: number, live: boolean): Promise<User> {
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
    .where(and(eq(users.id, id), live ? eq(users.deleted, 0) : undefined));
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

const USER: RecordKind<User> = {
  table: users,
  entityType: 'user',
  event: 'user',
  get: getUser,
  snapshot,
  label: (u) => ({ username: u.username }),
};

export async function saveUser(
  db: Db,
  input: UserSave,
  uploads: Uploads | undefined,
  actor: Actor,
  now: number,
): Promise<User> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.deleted, 0)));
    if (taken.some((t) => t.id !== input.id)) throw invalid({ username: MSG.usernameTaken });
    const fields = async (before: User | undefined) => {
      if (before) {
        if (before.username.toLowerCase() === ADMIN_USERNAME) {
          if (input.username !== before.username) throw invalid({ username: MSG.adminUsernameLocked });
          if (!isAdministrator(input.user_role)) throw invalid({ user_role: MSG.adminRoleLocked });
        }
        if (input.id === actor.user_id && input.active === 0) throw forbidden(MSG.cannotDeleteSelf);
      }
      // Stored inside the save's transaction, after the user rules pass: a refused save leaves no file row.
      const signatureFileId = uploads
        ? (await storeFieldUpload(tx, uploads, 'signature_img', 'image', now))?.id
        : undefined;
      const form = {
        username: input.username,
        userRole: input.user_role,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        email: input.email,
        position: input.position,
        companyName: input.company_name,
        country: input.country,
      };
      if (!before)
        return {
          ...form,
          passwordHash: await hashPassword(input.password),
          active: input.active ?? 1,
          signatureFileId: signatureFileId ?? null,
        };
      return {
        ...form,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(signatureFileId ? { signatureFileId } : {}),
      };
    };
    const saved = await saveRecord(
      tx,
      USER,
      input,
      {
        fields,
        data: (after, changes, before) => {
          if (!before) return { changes };
          if (input.password) changes.password = { old: '••••••', new: '••••••' };
          return { username: after.username, changes };
        },
      },
      actor,
      now,
    );
    const after = saved.record;
    if (!saved.created && (input.password || after.active !== 1)) await revokeUserSessions(tx, after.id, now);
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
    const set = change === 'delete' ? { deleted: 1 } : change === 'disable' ? { active: 0 } : { active: 1 };
    const field = 'deleted' in set ? 'deleted' : 'active';
    await saveRecord(
      tx,
      USER,
      { id },
      {
        // A soft delete reads its row back deleted.
        readBack: (d, i) => readUser(d, i, false),
        guard: (before) => {
          if (change !== 'enable' && id === actor.user_id) throw forbidden(MSG.cannotDeleteSelf);
          if (change === 'delete' && before.username.toLowerCase() === ADMIN_USERNAME)
            throw forbidden(MSG.adminUsernameLocked);
        },
        fields: set,
        event: { enable: EVENTS.user.enabled, disable: EVENTS.user.disabled, delete: EVENTS.user.deleted }[change],
        data: (_after, _changes, before) => ({
          username: before!.username,
          changes: {
            [field]: { old: field === 'deleted' ? before!.deleted : before!.active, new: Object.values(set)[0] },
          },
        }),
      },
      actor,
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
    await saveRecord(
      tx,
      USER,
      { id },
      {
        fields: { signatureFileId: null },
        event: EVENTS.user.signatureDeleted,
        data: (_after, _changes, before) => ({
          username: before!.username,
          changes: { signature_img: { old: before!.signature_img, new: null } },
        }),
      },
      actor,
      now,
    );
    return { signature_img: null };
  });
}
