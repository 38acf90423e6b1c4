/**
 * Migration 0032 (units are records) on data as it was before it: every checklist's serials become units and
 * every result is tied to the serial of its column, with nothing lost — a serial found twice is kept and marked,
 * a result of a column without a serial stays (unlinked).
 */
import { describe, expect, it } from 'vitest';
import { migratedBefore, statementsOf } from './migration-files';

describe('migration 0032: units', () => {
  it('makes units of the serials and ties every result to its serial', async () => {
    const { db, rest } = await migratedBefore('0032');

    // A modem product (serial + IMEI per unit) and a plain one; a serial typed twice across checklists.
    await db.exec(`
      insert into products (id, product_code, "desc", pl_serial_count, has_modem, created_at, updated_at)
        values (1, 'MDM', 'Modem unit', 1, 1, 0, 0), (2, 'SEN', 'Sensor', 1, 0, 0, 0);
      insert into test_checklists (id, product_id, quantity, serials, created_at, updated_at)
        values (10, 1, 2, '{M-1,IMEI-1,M-2,IMEI-2}', 0, 0), (11, 2, 2, '{S-1,m-1}', 0, 0);
      insert into test_checklist_steps (id, checklist_id, si_number, test_desc)
        values (100, 10, 1, 'Power'), (101, 11, 1, 'Power');
      insert into test_results (checklist_id, step_id, item_id, serial, test_result, updated_at) values
        (10, 100, 1, 'M-1', 'passed', 0), (10, 100, 2, 'IMEI-1', 'passed', 0),
        (10, 100, 3, 'M-2', 'failed', 0), (10, 100, 4, 'IMEI-2', '3.3 V', 0),
        (11, 101, 2, 'm-1', 'passed', 0), (11, 101, 3, '', 'passed', 0);
    `);
    for (const f of rest) for (const statement of statementsOf(f)) await db.exec(statement);

    const units = await db.query<{ checklist_id: number; position: number; serials: string }>(
      `select u.checklist_id, u.position, string_agg(us.value || ':' || us.slot || ':' || us.is_imei, ' ' order by us.slot) as serials
         from units u join unit_serials us on us.unit_id = u.id group by u.id order by u.checklist_id, u.position`,
    );
    expect(units.rows).toEqual([
      { checklist_id: 10, position: 1, serials: 'M-1:0:0 IMEI-1:1:1' },
      { checklist_id: 10, position: 2, serials: 'M-2:0:0 IMEI-2:1:1' },
      { checklist_id: 11, position: 1, serials: 'S-1:0:0' },
      { checklist_id: 11, position: 2, serials: 'm-1:0:0' },
    ]);
    const results = await db.query<{ serial: string; value: string | null; test_result: string }>(
      `select r.serial, us.value, r.test_result from test_results r left join unit_serials us on us.id = r.serial_id
         order by r.id`,
    );
    // Every result kept; each linked to the serial of its column, the one without a serial unlinked.
    expect(results.rows.map((r) => [r.serial, r.value, r.test_result])).toEqual([
      ['M-1', 'M-1', 'passed'],
      ['IMEI-1', 'IMEI-1', 'passed'],
      ['M-2', 'M-2', 'failed'],
      ['IMEI-2', 'IMEI-2', '3.3 V'],
      ['m-1', 'm-1', 'passed'],
      ['', null, 'passed'],
    ]);
    const marked = await db.query<{ value: string }>(`select value from unit_serials where legacy_duplicate = 1`);
    expect(marked.rows).toEqual([{ value: 'm-1' }]);
    // From now on a serial is unique across the company, case aside.
    await expect(
      db.exec(`insert into unit_serials (unit_id, slot, value) select id, 0, 'S-1' from units limit 1`),
    ).rejects.toThrow(/unit_serials_value_uq/);
    await db.close();
  });
});
