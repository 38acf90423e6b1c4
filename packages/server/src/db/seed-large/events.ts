// Bulk audit events for `npm run seed:large -- --events N`: two years of saves by ~300 people over the audited
// record types, with the search text the server writes (event, username, names, data; lower case).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DAY, ensureUsers, inChunks, withoutIndexes } from './bulk';

export async function seedLargeEvents(db: Db, total: number, now: number) {
  await ensureUsers(db, 300, now);
  await db.execute(sql`drop table if exists bulk_people`);
  await db.execute(sql`create unlogged table bulk_people as
    select row_number() over (order by id)::int - 1 as k, id, username, first_name, last_name from users where deleted = 0`);
  try {
    await withoutIndexes(db, ['events'], total, () =>
      inChunks(db, 'events', total, async (tx, from, to) => {
        // Record types weighted like a sales company's day: orders and quotations most, then the rest.
        await tx.execute(sql`
          with g as (select g, random() as r from generate_series(${from}::int, ${to}::int) g),
          v as (select g.g, ${now} - (g.r * 730 * ${DAY})::bigint as time, p.id as user_id, p.username, p.first_name,
                       p.last_name,
                       (array['order','order','order','order','quotation','quotation','packinglist','purchaseorder',
                              'purchaseorder','task','task','task','project','test_checklist','test_checklist','product',
                              'dealer','supplier','partComponent','user'])[1 + g.g % 20] as entity_type,
                       1 + (g.g::bigint * 7919) % 100000 as entity_id,
                       (array['saved','updated','updated','created','deleted'])[1 + (g.g / 20) % 5] as verb
                from g join bulk_people p on p.k = g.g % (select count(*) from bulk_people)),
          e as (select v.*, v.entity_type || '_' || v.verb as event,
                       jsonb_build_object('changes', jsonb_build_object('note',
                         jsonb_build_object('old', 'n' || (v.g % 1000), 'new', 'n' || (v.g % 1000 + 1)))) as data
                from v)
          insert into events (time, user_id, username, first_name, last_name, entity_type, entity_id, event, data, search_text)
          select e.time, e.user_id, e.username, e.first_name, e.last_name, e.entity_type, e.entity_id, e.event, e.data,
            left(lower(e.event || ' ' || e.username || ' ' || e.first_name || ' ' || e.last_name || ' ' || e.data::text), 4000)
          from e`);
      }),
    );
  } finally {
    await db.execute(sql`drop table if exists bulk_people`);
  }
}
