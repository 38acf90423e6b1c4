// The units, unit serials and test steps of bulk test checklists (`npm run seed:large -- --test-orders N`): a
// checklist's serials become units as migration 0032 made them (one unit per serials-per-unit serials, in column
// order), and each checklist gets eight steps, so results can be entered on them as on any checklist.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

const STEPS = 8;

/** Units and steps for every checklist that has serials but no units yet (the bulk ones). */
export async function seedLargeChecklistUnits(db: Db, now: number) {
  await db.execute(sql`drop table if exists bulk_unitless`);
  await db.execute(sql`create unlogged table bulk_unitless as
    select c.id, c.product_id, c.serials, greatest(1, p.pl_serial_count) + p.has_modem as k, p.has_modem
    from test_checklists c join products p on p.id = c.product_id
    where cardinality(c.serials) > 0 and not exists (select 1 from units u where u.checklist_id = c.id)`);
  try {
    await db.execute(sql`update test_checklists set line_no = 1
      where line_no is null and order_id is not null and id in (select id from bulk_unitless)`);
    await db.execute(sql`
      insert into units (product_id, checklist_id, position, created_at, updated_at)
      select b.product_id, b.id, g.pos, ${now}, ${now}
      from bulk_unitless b cross join lateral generate_series(1, ceil(cardinality(b.serials)::numeric / b.k)::int) g(pos)`);
    // A serial already taken (case aside) is kept as a legacy duplicate, as 0032 did: it never blocks.
    await db.execute(sql`
      insert into unit_serials (unit_id, slot, value, is_imei, legacy_duplicate)
      select u.id, ((s.ord - 1) % b.k)::int, s.value,
        case when b.has_modem = 1 and (s.ord - 1) % b.k = b.k - 1 then 1 else 0 end,
        case when row_number() over (partition by lower(s.value) order by b.id, s.ord) > 1
               or exists (select 1 from unit_serials x where lower(x.value) = lower(s.value) and x.legacy_duplicate = 0)
             then 1 else 0 end
      from bulk_unitless b cross join lateral unnest(b.serials) with ordinality s(value, ord)
      join units u on u.checklist_id = b.id and u.position = ((s.ord - 1) / b.k + 1)::int`);
    await db.execute(sql`
      insert into test_checklist_steps (checklist_id, si_number, test_desc)
      select b.id, g, 'Bulk step ' || g || ': power up, check the firmware version and the self-test'
      from bulk_unitless b cross join generate_series(1, ${STEPS}) g
      where not exists (select 1 from test_checklist_steps s where s.checklist_id = b.id)`);
  } finally {
    await db.execute(sql`drop table if exists bulk_unitless`);
  }
  await db.execute(sql`analyze test_checklists, units, unit_serials, test_checklist_steps`);
}
