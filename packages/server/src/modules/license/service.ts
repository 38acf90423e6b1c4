import type {
  LicenseBatchRequest,
  LicenseEntry,
  LicenseRecord,
  LicenseRegistryQuery,
  LicenseRequest,
  LicenseType,
} from '@bpm/contract/license';
import { formatMac } from '@bpm/contract/license';
import { MSG } from '@bpm/contract/messages';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { dealers, orders } from '../../db/schema/sales';
import { unitSerials } from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import { invalid } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { likePattern } from '../../platform/paging';
import { loadSigningKey, makeKey, type SigningKey } from './key';

export const LICENSE_ENTITY = 'license';

// One key per configuration: loaded (or generated into DATA_DIR) on first use, then reused.
const keys = new WeakMap<Config, SigningKey>();
export function signingKey(config: Config): SigningKey {
  let k = keys.get(config);
  if (!k) {
    k = loadSigningKey(config.licensePrivateKey, config.dataDir);
    keys.set(config, k);
  }
  return k;
}

async function checkLinks(tx: Db, dealerId: number | null | undefined, orderId: number | null | undefined) {
  if (dealerId) {
    const [d] = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, dealerId));
    if (!d) throw invalid({ dealer_id: MSG.dealerUnknown });
  }
  if (orderId) {
    const [o] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.deleted, 0)));
    if (!o) throw invalid({ order_id: MSG.orderNotFound });
  }
}

interface Issue {
  kind: LicenseType;
  mac: string;
  serial: string;
  license: LicenseEntry[];
  dealer_id?: number | null;
  order_id?: number | null;
}

/** The unit whose serial this is (case aside), or null: a key hangs on its device when the device is a record. */
async function unitOf(tx: Db, serial: string): Promise<number | null> {
  if (!serial.trim()) return null;
  const [u] = await tx
    .select({ id: unitSerials.unitId })
    .from(unitSerials)
    .where(and(sql`lower(${unitSerials.value}) = lower(${serial.trim()})`, eq(unitSerials.legacyDuplicate, 0)))
    .limit(1);
  return u?.id ?? null;
}

/** Makes one key, records it in the registry and writes its event (inside the caller's transaction). */
async function issue(tx: Db, config: Config, i: Issue, actor: Actor, byName: string, now: number): Promise<string> {
  const key = makeKey(signingKey(config).privateKey, i.kind, i.mac, i.license);
  const [row] = await tx
    .insert(licenses)
    .values({
      kind: i.kind,
      macHex: i.mac.replace(/-/g, ''),
      options: i.license,
      key,
      orderId: i.order_id ?? null,
      dealerId: i.dealer_id ?? null,
      serial: i.serial,
      unitId: await unitOf(tx, i.serial),
      createdBy: actor.user_id,
      createdByName: byName,
      createdAt: now,
    })
    .returning({ id: licenses.id });
  await recordEvent(
    tx,
    actor,
    {
      entityType: LICENSE_ENTITY,
      entityId: row?.id ?? null,
      event: i.kind === 'license' ? 'license_generated' : 'activation_code_generated',
      data: {
        mac: i.mac,
        license: i.license,
        order_id: i.order_id ?? null,
        dealer_id: i.dealer_id ?? null,
        serial: i.serial,
      },
    },
    now,
  );
  return key;
}

async function actorName(tx: Db, actor: Actor): Promise<string> {
  const [u] = await queryRows<{ name: string }>(
    tx,
    sql`select trim(${users.firstName} || ' ' || ${users.lastName}) as name from ${users} where ${users.id} = ${actor.user_id}`,
  );
  return u?.name || actor.username;
}

/** genLicense / genActivateCode: the key, recorded in the registry with its event, in one transaction. */
export async function generate(
  db: Db,
  config: Config,
  kind: LicenseType,
  req: LicenseRequest,
  actor: Actor,
  now: number,
): Promise<{ license: string }> {
  return db.transaction(async (tx) => {
    await checkLinks(tx, req.dealer_id, req.order_id);
    return { license: await issue(tx, config, { ...req, kind }, actor, await actorName(tx, actor), now) };
  });
}

/** The same options for several devices (a packing list's units), all or none, in one transaction. */
export async function generateBatch(
  db: Db,
  config: Config,
  req: LicenseBatchRequest,
  actor: Actor,
  now: number,
): Promise<Array<{ mac: string; serial: string; license: string }>> {
  return db.transaction(async (tx) => {
    await checkLinks(tx, req.dealer_id, req.order_id);
    const byName = await actorName(tx, actor);
    const out: Array<{ mac: string; serial: string; license: string }> = [];
    for (const d of req.devices) {
      const base = { kind: req.license_type, license: req.license, dealer_id: req.dealer_id, order_id: req.order_id };
      const license = await issue(tx, config, { ...base, ...d }, actor, byName, now);
      out.push({ mac: d.mac, serial: d.serial, license });
    }
    return out;
  });
}

/** The registry, newest first; `search` matches the MAC (any separators) or the dealer's name. */
export async function listLicenses(db: Db, q: LicenseRegistryQuery): Promise<{ rows: LicenseRecord[]; total: number }> {
  const conds: SQL[] = [];
  if (q.search) {
    const hex = q.search.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
    const byMac =
      hex.length > 0 && /^[0-9A-Fa-f:\-\s]+$/.test(q.search) ? sql`${licenses.macHex} like ${`%${hex}%`}` : null;
    const byDealer = sql`lower(coalesce(${dealers.name}, '')) like ${likePattern(q.search)}`;
    conds.push(byMac ? sql`(${byMac} or ${byDealer})` : byDealer);
  }
  if (q.dealer) conds.push(eq(licenses.dealerId, q.dealer));
  if (q.serials?.length)
    conds.push(
      sql`lower(${licenses.serial}) in (${sql.join(
        q.serials.map((s) => sql`${s.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select({
      id: licenses.id,
      kind: licenses.kind,
      macHex: licenses.macHex,
      options: licenses.options,
      key: licenses.key,
      order_id: licenses.orderId,
      dealer_id: licenses.dealerId,
      dealer_name: sql<string>`coalesce(${dealers.name}, '')`,
      serial: licenses.serial,
      unit_id: licenses.unitId,
      created_at: licenses.createdAt,
      created_by: licenses.createdByName,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(licenses)
    .leftJoin(dealers, eq(dealers.id, licenses.dealerId))
    .where(where)
    .orderBy(sql`${licenses.createdAt} desc`, sql`${licenses.id} desc`)
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(licenses)
      .leftJoin(dealers, eq(dealers.id, licenses.dealerId))
      .where(where);
    total = c?.n ?? 0;
  }
  return {
    total,
    rows: rows.map(({ total: _t, macHex, options, kind, ...r }) => ({
      ...r,
      kind: kind as LicenseType,
      mac: formatMac(macHex),
      license: options as LicenseRecord['license'],
    })),
  };
}
