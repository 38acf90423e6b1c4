import { EVENTS } from '@bpm/contract/events';
import type { Lookup } from '@bpm/contract/purchase-order-reads';
import { type LookupKind, PO_MSG } from '@bpm/contract/purchase-orders';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { poDepartments, poPriceQuotes, poTerms } from '../../db/schema/purchasing';
import type { AuthUser } from '../../platform/auth';
import { invalid, isUniqueViolation, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { likePattern } from '../../platform/paging';

const TABLES = { dept: poDepartments, term: poTerms, pricequote: poPriceQuotes } as const;
const ENTITY = { dept: 'po_department', term: 'po_term', pricequote: 'po_price_quote' } as const satisfies Record<
  LookupKind,
  string
>;

/** GET /purchaseorders/{dept|term|pricequote}: names in alphabetical order, optionally searched. */
export async function listLookup(db: Db, kind: LookupKind, search: string): Promise<Lookup[]> {
  const t = TABLES[kind];
  return db
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(search ? sql`lower(${t.name}) like ${likePattern(search)}` : undefined)
    .orderBy(sql`lower(${t.name})`, t.id)
    .limit(1000);
}

/** POST /admin/purchaseorders/{kind}/save: add or rename; answers the record (data.id). */
export async function saveLookup(
  db: Db,
  kind: LookupKind,
  input: { id?: number; name: string },
  user: AuthUser,
  now: number,
): Promise<Lookup> {
  const t = TABLES[kind];
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.select({ id: t.id }).from(t).where(sql`lower(${t.name}) = ${input.name.toLowerCase()}`);
      if (taken.some((r) => r.id !== input.id)) throw invalid({ name: PO_MSG.nameTaken });
      let row: Lookup | undefined;
      let old: string | null = null;
      if (input.id) {
        const [b] = await tx.select().from(t).where(eq(t.id, input.id));
        if (!b) throw notFound(PO_MSG.lookupNotFound);
        old = b.name;
        [row] = await tx.update(t).set({ name: input.name }).where(eq(t.id, input.id)).returning();
      } else {
        [row] = await tx.insert(t).values({ name: input.name }).returning();
      }
      await recordEvent(
        tx,
        user as Actor,
        {
          entityType: ENTITY[kind],
          entityId: row!.id,
          event: EVENTS[ENTITY[kind]][input.id ? 'updated' : 'created'],
          data: { name: row!.name, changes: { name: { old, new: row!.name } } },
        },
        now,
      );
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ name: PO_MSG.nameTaken });
    throw err;
  }
}

/** PUT /admin/purchaseorders/{kind}/delete/{id}: POs keep the name they copied. */
export async function deleteLookup(db: Db, kind: LookupKind, id: number, user: AuthUser, now: number) {
  const t = TABLES[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning();
    if (!row) throw notFound(PO_MSG.lookupNotFound);
    await recordEvent(
      tx,
      user as Actor,
      { entityType: ENTITY[kind], entityId: id, event: EVENTS[ENTITY[kind]].deleted, data: { name: row.name } },
      now,
    );
    return { id };
  });
}
