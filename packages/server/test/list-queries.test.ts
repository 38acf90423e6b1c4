// Issue 14: the rewritten list queries (index-only page walk, capped count) give the same rows and totals as
// the queries they replaced, for every filter × sort × direction, ties included; and the count threshold.
import { eventListQuery } from '@bpm/contract/events';
import { orderListQuery } from '@bpm/contract/order-reads';
import { packingListQuery } from '@bpm/contract/packing-lists';
import { PO_SORTS, poListQuery, roundPrice } from '@bpm/contract/purchase-orders';
import { QUOTATION_SORTS, quotationListQuery } from '@bpm/contract/quotations';
import { taskListQuery } from '@bpm/contract/tasks';
import { testOrderListQuery } from '@bpm/contract/test-checklists';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { quotations } from '../src/db/schema/sales';
import { seedLargeQuotations } from '../src/db/seed-large/quotations';
import { listEvents } from '../src/modules/events/service';
import { listPackingLists } from '../src/modules/packing-lists/list';
import { listPos } from '../src/modules/purchase-orders/queries';
import { rebuildPoRollup } from '../src/modules/purchase-orders/totals';
import { listOrders } from '../src/modules/sales-docs/list';
import { listQuotations, quotationPagePlan } from '../src/modules/sales-docs/quotation-list';
import { listTasks } from '../src/modules/tasks/list';
import { listTestOrders } from '../src/modules/test-checklists/lists';
import { keySort, type PagePlan, pageBy, searchOnce, type Way } from '../src/platform/list-page';
import { countCapped, listTotal } from '../src/platform/list-totals';
import { trigramCore } from '../src/platform/paging';
import { makeRefs, poIn } from './factories/purchasing';
import { createDealer, createOrder, createQuotation } from './factories/sales';
import { userId } from './factories/users';
import { makeProject, makeTask } from './factories/work';
import { createTestApp, get, statementsOf, type TestApp } from './helpers';
import { plainTestable, TEST_ORDER_SORTS } from './test-orders-plain';

let t: TestApp;
const db = () => t.database.db;
const ids = async (q: SQL) => (await queryRows<{ id: number }>(db(), q)).map((r) => Number(r.id));
const count = async (q: SQL) => Number((await queryRows<{ n: number }>(db(), q))[0]?.n ?? 0);
const like = (s: unknown) => `%${String(s).toLowerCase()}%`;
const DIRS = ['asc', 'desc'] as const;
let dealer: number;
let supplier: number;
let supplierName: string;
let now: number;

beforeAll(async () => {
  t = await createTestApp();
  now = Math.floor(t.clock.now() / 1000);
  // Ties: two dealers with the same name, documents with the same date, value, status and references.
  const a = await createDealer(t, { name: 'Tie Dealer' });
  const b = await createDealer(t, { name: 'Tie Dealer' });
  dealer = a.id;
  for (const d of [a.id, b.id, a.id])
    for (const value of [100, 100, 250]) {
      await createQuotation(t, { value, date: now - 86400, note: 'tie note' }, d);
      const o = await createOrder(t, { value, date: now - 86400 }, d);
      await db().execute(sql`insert into packing_lists (order_id, po_number, customer, shipping_date, serial_text,
        created_at, updated_at) values (${o.id}, 'CPO-1', 'Same Customer', ${value === 250 ? null : now},
        ${`sn-tie-${o.id}`}, ${now}, ${now}), (${o.id}, 'CPO-1', 'same customer', ${now}, '', ${now}, ${now})`);
    }
  const refs = await makeRefs(t);
  supplier = Number(refs.supplier.id);
  supplierName = String(refs.supplier.name);
  for (const st of ['draft', 'approved', 'received', 'received'] as const) await poIn(t, refs, st);
  await makeProject(t, 'sale', { name: 'List project' });
  for (const title of ['Tie task', 'Tie task', 'Other']) await makeTask(t, 'sale', { title, priority: 'high' });
});
afterAll(() => t.close());

describe('quotation list', () => {
  // The former query: the same filters, `col dir nulls first|last, id dir`, date when no sort.
  const before = (f: Record<string, unknown>, sort: string | undefined, order: 'asc' | 'desc', limit: number) => {
    const c: SQL[] = [sql`deleted = 0`];
    if (f.search)
      c.push(sql`lower(quote_ref || ' ' || oc_ref || ' ' || invoice || ' ' || note) like ${like(String(f.search))}`);
    if (f.dealer) c.push(sql`dealer_id = ${f.dealer}`);
    if (f.start) c.push(sql`date >= ${f.start}`);
    if (f.end) c.push(sql`date <= ${f.end}`);
    const col = sort && sort !== 'date' ? sql.raw(sort) : sql`date`;
    const dir = order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
    return sql`select id from quotations where ${sql.join(c, sql` and `)}
      order by ${col} ${dir}, id ${order === 'asc' ? sql`asc` : sql`desc`} limit ${limit}`;
  };
  it('answers the same rows and total for every filter, sort and direction', async () => {
    for (const f of [{}, { dealer }, { start: now - 2 * 86400 }, { search: 'tie note' }, { search: 'qt' }])
      for (const sort of [undefined, ...QUOTATION_SORTS])
        for (const order of DIRS) {
          const q = quotationListQuery.parse({ limit: '500', ...f, sort, order });
          const got = await listQuotations(db(), q);
          expect(
            got.rows.map((r) => r.id),
            `${JSON.stringify(f)} ${sort} ${order}`,
          ).toEqual(await ids(before(f, sort, order, 500)));
          expect(got.total).toBe(got.rows.length);
          expect(got.estimated).toBe(false);
        }
  });

  it('pages every dealer, date and search filter × sort × direction the same by each way of its plans', async () => {
    const ways: Way[] = ['walk', 'filter first', { bounded: 1 }, { bounded: 1e6 }];
    let checked = 0;
    const filters = [
      { dealer },
      { start: now - 2 * 86400 },
      { dealer, start: now - 2 * 86400 },
      { search: 'tie note' },
      { search: 'qt', dealer },
      { search: 'tie note', start: now - 2 * 86400, end: now },
    ];
    for (const f of filters)
      for (const sort of [undefined, ...QUOTATION_SORTS])
        for (const order of DIRS) {
          const all = await ids(before(f, sort, order, 1000));
          for (const offset of [0, 2, all.length]) {
            const q = quotationListQuery.parse({ limit: '2', offset: String(offset), ...f, sort, order });
            const what = `${JSON.stringify(f)} ${sort} ${order} @${offset}`;
            const got = await listQuotations(db(), q);
            expect(
              got.rows.map((r) => r.id),
              what,
            ).toEqual(all.slice(offset, offset + 2));
            expect(got.total, what).toBe(all.length);
            // A search's plan for more matches than the cap too (its date order walks the date index).
            for (const plan of [quotationPagePlan(q), ...(q.search ? [quotationPagePlan(q, true)] : [])])
              for (const way of ways) {
                const found = await pageBy(db(), plan, q, way);
                if (found === undefined) continue;
                expect(found, `${JSON.stringify(way)} ${what}`).toEqual(all.slice(offset, offset + 2));
                checked++;
              }
          }
        }
    expect(checked).toBeGreaterThan(6 * 6 * 2 * 3 * 2);
  });
});

describe('purchase order list', () => {
  const cols: Record<string, string> = {
    supplier_name: 'lower(supplier_name)',
    requisitioner: 'lower(requisitioner)',
    department: 'lower(department)',
  };
  const before = (f: Record<string, unknown>, sort: string | undefined, order: 'asc' | 'desc') => {
    const c: SQL[] = [sql`true`];
    if (f.supplier) c.push(sql`supplier_id = ${f.supplier}`);
    if (f.status) c.push(sql`status = ${f.status}`);
    if (f.start) c.push(sql`po_date >= ${f.start}`);
    if (f.search)
      c.push(sql`lower(po_number || ' ' || supplier_name || ' ' || requisitioner || ' ' || purpose || ' ' ||
        department) like ${like(f.search)}`);
    const o =
      !sort || (sort === 'po_date' && order !== 'asc')
        ? sql`po_date desc nulls last`
        : sql.raw(`${cols[sort] ?? sort} ${order === 'desc' ? 'desc' : 'asc'}`);
    return sql`select id from purchase_orders where ${sql.join(c, sql` and `)} order by ${o}, id desc nulls last limit 500`;
  };
  it('answers the same rows for every filter, sort and direction', async () => {
    for (const f of [{}, { supplier }, { status: 'received' }, { start: now - 86400 }])
      for (const sort of [undefined, ...PO_SORTS])
        for (const order of DIRS) {
          const got = await listPos(db(), poListQuery.parse({ limit: '500', ...f, sort, order }));
          expect(
            got.rows.map((r) => r.id),
            `${JSON.stringify(f)} ${sort} ${order}`,
          ).toEqual(await ids(before(f, sort, order)));
        }
  });

  it('pages a search from the read that counts it: the same rows, the matches read once', async () => {
    const f = { search: supplierName };
    for (const sort of [undefined, ...PO_SORTS])
      for (const order of DIRS) {
        const all = await ids(before(f, sort, order));
        expect(all.length).toBe(4);
        for (const offset of [0, 1, 3, 6]) {
          const q = poListQuery.parse({ limit: '2', offset: String(offset), ...f, sort, order });
          let got: Awaited<ReturnType<typeof listPos>>;
          const statements = await statementsOf(t, async () => {
            got = await listPos(db(), q);
          });
          const at = `${sort} ${order} @${offset}`;
          expect(
            got!.rows.map((r) => r.id),
            at,
          ).toEqual(all.slice(offset, offset + 2));
          expect(got!.total, at).toBe(4);
          // One statement reads the matches (the planner's estimate beside it reads none).
          const reads = statements.filter((s) => s.includes(' like ') && !s.startsWith('explain'));
          expect(reads, at).toHaveLength(1);
        }
      }
  });
});

describe('purchase order search totals', () => {
  it('count a search exactly up to the limit; above it, answer the estimate and say so', async () => {
    const direct = async (s: string) => {
      const [r] = await queryRows<{ n: number; amount: string }>(
        db(),
        sql`select count(*)::int as n, coalesce(sum(amount) filter (where status <> 'cancelled'), 0) as amount
            from purchase_orders where lower(po_number || ' ' || supplier_name || ' ' || requisitioner || ' ' ||
              purpose || ' ' || department) like ${like(s)}`,
      );
      return { total: Number(r?.n), amount: roundPrice(Number(r?.amount)) };
    };
    const all = await direct('engineering');
    expect(all.total).toBeGreaterThan(3);
    const search = poListQuery.parse({ limit: '1', search: 'Engineering' });
    // At most the limit: exact.
    const exact = await listPos(db(), search, { caps: { limit: all.total, sampleRows: 2500 } });
    expect({ total: exact.total, amount: exact.amount, estimated: exact.estimated }).toEqual({
      ...all,
      estimated: false,
    });
    // Over it, a table no larger than the sample: the sample reads every PO, the figures are right but flagged.
    const caps = { limit: 2, sampleRows: 1e9 };
    const sampled = await listPos(db(), search, { caps });
    expect({ total: sampled.total, amount: sampled.amount, estimated: sampled.estimated }).toEqual({
      ...all,
      estimated: true,
    });
    // A search of nothing stays exact whatever the limit.
    const none = await listPos(db(), poListQuery.parse({ limit: '1', search: 'no such po anywhere' }), { caps });
    expect({ total: none.total, estimated: none.estimated }).toEqual({ total: 0, estimated: false });
  });

  it("count up to 5,000 matches exactly, as the orders' searches, and page them from the read that counts them", async () => {
    const refs = await makeRefs(t);
    const po = await poIn(t, refs, 'draft');
    const word = `manycopies${po.id}`;
    // 2,100 POs whose purpose holds the word, amounts 1 … 2,100 (more than the other lists' exact-count limit).
    await db().execute(sql`
      insert into purchase_orders (po_number, supplier_id, supplier_name, po_date, due_date, purpose, status, amount,
        created_at, updated_at)
      select po_number || '-' || g, supplier_id, supplier_name, po_date + g, due_date, ${word} || ' ' || g, status, g, created_at, updated_at
      from purchase_orders, generate_series(1, 2100) g where id = ${po.id}`);
    try {
      const q = poListQuery.parse({ limit: '50', offset: '100', search: word, sort: 'amount', order: 'desc' });
      let got: Awaited<ReturnType<typeof listPos>>;
      const statements = await statementsOf(t, async () => {
        got = await listPos(db(), q);
      });
      expect({ total: got!.total, amount: got!.amount, estimated: got!.estimated }).toEqual({
        total: 2100,
        amount: (2100 * 2101) / 2,
        estimated: false,
      });
      expect(got!.rows.map((r) => Number(r.amount))).toEqual(Array.from({ length: 50 }, (_, i) => 2000 - i));
      // One statement reads the matches: counted, summed and paged (not counted to 2,001, sampled, then read again).
      const reads = statements.filter((s) => s.includes(' like ') && !s.startsWith('explain'));
      expect(reads).toHaveLength(1);
    } finally {
      await db().execute(sql`delete from purchase_orders where purpose like ${`${word} %`}`);
    }
  });
});

describe('search by a term that starts with a reference prefix', () => {
  it('asks the trigram index for the term without its reference prefix', () => {
    const cores: Array<[term: string, core: string]> = [
      ['po-2025-192', '2025-192'],
      ['oc-l424', 'l424'],
      ['po-2025-76', '2025-76'], // a short last word stays: it narrows the candidates
      ['PO-2025-00192-R1', '2025-00192-R1'],
      ['-po 12 ana cruz x', '12 ana cruz x'],
      ['Łódź-7', 'Łódź-7'],
      ['ana', 'ana'],
      ['inv-l806', 'l806'],
      ['awb10646', '10646'],
      ['AWB-10733 x', '10733 x'],
      ['ana maria', 'ana maria'], // three letters stay before a part without a digit
      ['l424', 'l424'],
      ['ab123', 'ab123'], // letters stay before fewer than four digits
      ['abcd1234', 'abcd1234'],
      ['inv-12', 'inv-12'],
      ['po-12', 'po-12'], // no longer word left
      ['po', 'po'],
    ];
    for (const [term, core] of cores) expect(trigramCore(term), term).toBe(core);
  });

  it('finds only the POs holding the whole term, not those holding its core alone', async () => {
    const refs = await makeRefs(t);
    const [whole, coreOnly] = [await poIn(t, refs, 'draft'), await poIn(t, refs, 'draft')];
    const core = `${whole.id}-77${coreOnly.id}`;
    await db().execute(sql`update purchase_orders set purpose = ${`see ZQ-${core} now`} where id = ${whole.id}`);
    await db().execute(sql`update purchase_orders set purpose = ${`see ZX-${core} now`} where id = ${coreOnly.id}`);
    const got = await listPos(db(), poListQuery.parse({ limit: '50', search: `zq-${core}` }));
    expect(got.rows.map((r) => r.id)).toEqual([whole.id]);
    expect(got.total).toBe(1);
    const both = await listPos(db(), poListQuery.parse({ limit: '50', search: core, sort: 'po_number', order: 'asc' }));
    expect(both.rows.map((r) => r.id)).toEqual([whole.id, coreOnly.id]);
  });

  it('finds only the orders, quotations, test orders and packing lists holding the whole OC reference', async () => {
    const core = `l${now % 1000}q${process.pid}`;
    const [ocWhole, ocOther] = [`OC-${core}`, `OD-${core}`];
    const whole = await createOrder(t, { oc_ref: ocWhole }, dealer);
    const other = await createOrder(t, { oc_ref: ocOther }, dealer);
    const orderIds = [whole.id, other.id];
    const quotes = [
      await createQuotation(t, { oc_ref: ocWhole }, dealer),
      await createQuotation(t, { oc_ref: ocOther }, dealer),
    ];
    const pls =
      await ids(sql`insert into packing_lists (order_id, po_number, customer, serial_text, created_at, updated_at)
      values (${whole.id}, 'CPO-9', 'Customer', '', ${now}, ${now}), (${other.id}, 'CPO-9', 'Customer', '', ${now}, ${now})
      returning id`);
    const search = `oc-${core}`;
    // The two orders count as having something to test for this read only: the test order list's tests derive it
    // from the lines.
    const testOrdersFound = async (term: string) => {
      await db().execute(sql`update orders set testable = 1 where id in (${whole.id}, ${other.id})`);
      try {
        return (await listTestOrders(db(), testOrderListQuery.parse({ limit: '50', search: term }))).rows.map(
          (r) => r.id,
        );
      } finally {
        await db().execute(sql`update orders set testable = 0 where id in (${whole.id}, ${other.id})`);
      }
    };
    const found = {
      orders: (await listOrders(db(), orderListQuery.parse({ limit: '50', search }), now)).rows.map((r) => r.id),
      quotations: (await listQuotations(db(), quotationListQuery.parse({ limit: '50', search }))).rows.map((r) => r.id),
      testOrders: await testOrdersFound(search),
      packingLists: (await listPackingLists(db(), packingListQuery.parse({ limit: '50', search }))).rows.map(
        (r) => r.id,
      ),
    };
    expect(found).toEqual({
      orders: [whole.id],
      quotations: [quotes[0]!.id],
      testOrders: [whole.id],
      packingLists: [pls[0]],
    });
    // The core alone finds both of each.
    const byCore = (await listOrders(db(), orderListQuery.parse({ limit: '50', search: core }), now)).rows.map(
      (r) => r.id,
    );
    expect(byCore.sort()).toEqual([...orderIds].sort());
  });
});

describe('purchase order date-range totals', () => {
  it('equal the sums over the POs for ranges cutting days at any time, with status and payment filters', async () => {
    const refs = await makeRefs(t);
    // POs spread over a few days at different times of day, saved through the API (the rollups move).
    for (const [i, hours] of [0, 7, 23, 30, 49, 50, 75].entries()) {
      const po = await poIn(t, refs, 'draft');
      await db().execute(sql`update purchase_orders set po_date = ${now - hours * 3600} where id = ${po.id}`);
      if (i % 3 === 0) await db().execute(sql`update purchase_orders set paid = 2 where id = ${po.id}`);
    }
    await rebuildPoRollup(db());
    const direct = async (f: Record<string, unknown>) => {
      const c: SQL[] = [sql`true`];
      if (f.start !== undefined) c.push(sql`po_date >= ${f.start}`);
      if (f.end !== undefined) c.push(sql`po_date <= ${f.end}`);
      if (f.status) c.push(sql`status = ${f.status}`);
      if (f.paid) c.push(sql`paid = ${Number(f.paid)}`);
      const [r] = await queryRows<{ n: number; amount: string }>(
        db(),
        sql`select count(*)::int as n, coalesce(sum(amount) filter (where status <> 'cancelled'), 0) as amount
            from purchase_orders where ${sql.join(c, sql` and `)}`,
      );
      return { total: Number(r?.n), amount: Math.round(Number(r?.amount) * 1e6) / 1e6 };
    };
    for (const start of [now - 80 * 3600, now - 49 * 3600 - 1, now - 26 * 3600 + 17, now - 3600, undefined])
      for (const end of [now, now - 40 * 3600 + 5, now - 23 * 3600, undefined])
        for (const extra of [{}, { status: 'draft' }, { paid: '2' }]) {
          if (start === undefined && end === undefined) continue;
          const f = { start, end, ...extra };
          const got = await listPos(db(), poListQuery.parse({ limit: '1', ...f }));
          expect({ total: got.total, amount: got.amount }, JSON.stringify(f)).toEqual(await direct(f));
        }
    // Saves keep the day totals as a rebuild makes them.
    await poIn(t, refs, 'draft');
    const cells = () =>
      queryRows(db(), sql`select day, status, paid, n, amount from po_day_totals where n <> 0 order by 1, 2, 3`);
    const kept = await cells();
    await rebuildPoRollup(db());
    expect(kept).toEqual(await cells());
  });
});

describe('test order list', () => {
  const testable = plainTestable;
  const cols = TEST_ORDER_SORTS;
  it('answers the same rows and total for every filter, sort and direction', async () => {
    for (const f of [{}, { dealer }, { test_status: 'pending' }, { search: 'oc-t' }])
      for (const sort of [undefined, 'date', 'oc_ref', 'dealer_name', 'test_status'])
        for (const order of DIRS) {
          const c: SQL[] = [sql`o.deleted = 0`, testable];
          if ('dealer' in f) c.push(sql`o.dealer_id = ${f.dealer}`);
          if ('test_status' in f) c.push(sql`o.test_status = ${f.test_status}`);
          if ('search' in f) c.push(sql`lower(o.oc_ref || ' ' || o.dealer_name) like ${like(f.search)}`);
          const dir = sort ? (order === 'asc' ? 'asc' : 'desc') : 'desc';
          const w = sql.join(c, sql` and `);
          const want = await ids(
            sql`select o.id from orders o where ${w} order by ${sql.raw(`${cols[sort ?? ''] ?? 'o.date'} ${dir}, o.id ${dir}`)} limit 500`,
          );
          const got = await listTestOrders(db(), testOrderListQuery.parse({ limit: '500', ...f, sort, order }));
          expect(
            got.rows.map((r) => r.id),
            `${JSON.stringify(f)} ${sort} ${order}`,
          ).toEqual(want);
          expect(got.total).toBe(await count(sql`select count(*)::int as n from orders o where ${w}`));
        }
  });
});

describe('packing list list', () => {
  const cols: Record<string, string> = {
    date: 'pl.created_at',
    oc_ref: 'o.oc_ref',
    dealer_name: 'lower(o.dealer_name)',
    shipping_date: 'pl.shipping_date',
    po_number: 'pl.po_number',
    customer: 'lower(pl.customer)',
  };
  it('answers the same rows for every filter, sort and direction; the search matches each field', async () => {
    for (const f of [{}, { dealer }, { date_from: now - 86400 }, { search: 'sn-tie' }, { search: 'same cust' }])
      for (const sort of [undefined, ...Object.keys(cols)])
        for (const order of DIRS) {
          const c: SQL[] = [sql`true`];
          if ('search' in f)
            c.push(sql`(pl.serial_text like ${like(f.search)} or lower(o.oc_ref || ' ' || o.dealer_name || ' ' ||
              pl.po_number || ' ' || pl.customer) like ${like(f.search)})`);
          if ('dealer' in f) c.push(sql`o.dealer_id = ${f.dealer}`);
          if ('date_from' in f) c.push(sql`pl.created_at >= ${f.date_from}`);
          const dir = !sort || order === 'desc' ? 'desc' : 'asc';
          const want = await ids(sql`select pl.id from packing_lists pl join orders o on o.id = pl.order_id
            where ${sql.join(c, sql` and `)} order by ${sql.raw(`${cols[sort ?? 'date']} ${dir} nulls last, pl.id ${dir}`)} limit 500`);
          const got = await listPackingLists(db(), packingListQuery.parse({ limit: '500', ...f, sort, order }));
          expect(
            got.rows.map((r) => r.id),
            `${JSON.stringify(f)} ${sort} ${order}`,
          ).toEqual(want);
          expect(got.total).toBe(want.length);
        }
    const serial = await listPackingLists(db(), packingListQuery.parse({ search: 'SN-TIE' }));
    expect(serial.rows.length).toBeGreaterThan(0);
    expect(serial.rows.every((r) => r.matching_serials.length === 1)).toBe(true);
  });
});

describe('task and event lists', () => {
  it('answer the same tasks and totals as before', async () => {
    const me = await userId(t, 'sale');
    for (const f of [{}, { priority: 'high' }, { search: 'tie' }, { status: 'new' }]) {
      const q = taskListQuery.parse({ limit: '500', ...f });
      const got = await listTasks(db(), me, q, 'my', now);
      const c: SQL[] = [sql`(t.assigned_to = ${me} or t.added_by = ${me})`];
      if ('priority' in f) c.push(sql`t.priority = ${f.priority}`);
      if ('status' in f) c.push(sql`t.status = ${f.status}`);
      if ('search' in f) c.push(sql`lower(t.title) like ${like(f.search)}`);
      const want = await ids(sql`select t.id from tasks t where ${sql.join(c, sql` and `)}
        and ((t.project_id is null) or t.project_id in (select project_id from project_members where user_id = ${me}))
        order by t.id desc`);
      expect(
        got.rows.map((r) => r.id),
        JSON.stringify(f),
      ).toEqual(want);
      expect(got.total).toBe(want.length);
    }
  });

  it('events: the same page, and the total exact while it is small', async () => {
    const q = eventListQuery.parse({ limit: '5' });
    // An administrator in no project: every event but those of tasks and projects (membership decides).
    const got = await listEvents(db(), { user_id: 0, user_role: 'administrator' }, q);
    const outsideProjects = sql`entity_type not in ('task', 'project')`;
    expect(got.rows.map((r) => r.id)).toEqual(
      await ids(
        sql`select id from events where ${outsideProjects} order by time desc nulls last, id desc nulls last limit 5`,
      ),
    );
    const n = await count(sql`select count(*)::int as n from events where ${outsideProjects}`);
    expect(got.total).toBe(n <= 2000 ? n : got.total);
    expect(got.estimated).toBe(n > 2000);
    const body = (await get(t, 'administrator', '/api/events?limit=5')).json();
    expect(body.total_estimated).toBe(n > 2000 ? 1 : 0);
  });
});

describe('a search read once', () => {
  it('answers the page and the total in one statement, a page past the end too; undefined over the cap', async () => {
    const plan: PagePlan = {
      list: { table: quotations, live: sql`${quotations.deleted} = 0` },
      conds: [sql`${quotations.note} like '%tie%'`],
      sort: keySort(sql`${quotations.value}`, quotations.id, true),
      direct: false,
    };
    const all = await ids(
      sql`select id from quotations where deleted = 0 and note like '%tie%' order by value asc, id asc`,
    );
    expect(all.length).toBeGreaterThan(4);
    for (const cap of [null, all.length])
      for (const offset of [0, 2, all.length - 1, all.length + 5]) {
        const w = { offset, limit: 3 };
        let got: Awaited<ReturnType<typeof searchOnce>>;
        const statements = await statementsOf(t, async () => {
          got = await searchOnce(db(), plan, w, { cap });
        });
        expect(got!, `cap ${cap} @${offset}`).toEqual({ ids: all.slice(offset, offset + 3), total: all.length });
        expect(statements, `cap ${cap} @${offset}`).toHaveLength(1);
      }
    // More matches than the cap: not answered here (the list then counts and pages by its plan).
    expect(await searchOnce(db(), plan, { offset: 0, limit: 3 }, { cap: all.length - 1 })).toBeUndefined();
    expect(await searchOnce(db(), plan, { offset: all.length + 5, limit: 3 }, { cap: all.length - 1 })).toBeUndefined();
  });
});

describe('list totals', () => {
  const rows = sql`select 1 from quotations q where q.deleted = 0`;
  it('counts exactly up to the limit, then answers the estimate and says so', async () => {
    const n = await count(sql`select count(*)::int as n from quotations where deleted = 0`);
    expect(n).toBeGreaterThan(4);
    // A short page tells the total by itself.
    expect(await listTotal(db(), rows, { offset: 2, limit: 10, length: 3 })).toEqual({ total: 5, estimated: false });
    // Full page: counted while the matches stay within the limit …
    expect(await listTotal(db(), rows, { offset: 0, limit: 2, length: 2 }, n)).toEqual({ total: n, estimated: false });
    // … and above it the planner's estimate, never below the limit + 1, flagged.
    const est = await listTotal(db(), rows, { offset: 0, limit: 2, length: 2 }, n - 1);
    expect(est.estimated).toBe(true);
    expect(est.total).toBeGreaterThanOrEqual(n);
    // A page past the end is counted.
    expect(await listTotal(db(), rows, { offset: n + 10, limit: 2, length: 0 }, n)).toEqual({
      total: n,
      estimated: false,
    });
  });

  it('counts no further when more than the cap of a subset match (the estimate, flagged)', async () => {
    const n = await count(sql`select count(*)::int as n from quotations where deleted = 0`);
    // The subset's rows are counted; `rows` are not: a statement that fails if run proves it.
    const failing = sql`select 1 from quotations q where q.deleted = 0 and 1 / (q.id - q.id) = 1`;
    const over = await countCapped(db(), failing, n - 2, rows);
    expect(over.estimated).toBe(true);
    expect(over.total).toBeGreaterThanOrEqual(n - 1);
    // A subset within the cap: the rows themselves are counted, exactly.
    const none = sql`select 1 from quotations q where false`;
    expect(await countCapped(db(), rows, n, none)).toEqual({ total: n, estimated: false });
    await expect(countCapped(db(), failing, n, none)).rejects.toThrow();
    // The subset and the rows are counted in one statement (one turn for a connection under load).
    expect(await statementsOf(t, () => countCapped(db(), rows, n, none))).toHaveLength(1);
  });

  it('answers total_estimated beside the rows of the lists', async () => {
    const body = (await get(t, 'sale', '/api/quotations?limit=1')).json();
    expect(body.total_estimated).toBe(0);
    expect(body.total).toBeGreaterThan(0);
  });
});

describe('a quotation search of more matches than the cap', () => {
  it('pages by its estimate the same as the plain query, every sort and direction, the total estimated', async () => {
    // 2,500 bulk quotations, every one 'QT-L…': more matches of 'qt-l' than the exact count's cap.
    await seedLargeQuotations(db(), 2500, now);
    const plainIds = (sort: string | undefined, order: 'asc' | 'desc') => {
      const col = sort && sort !== 'date' ? sql.raw(sort) : sql`date`;
      const dir = order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
      return ids(sql`select id from quotations where deleted = 0
        and lower(quote_ref || ' ' || oc_ref || ' ' || invoice || ' ' || note) like '%qt-l%'
        order by ${col} ${dir}, id ${order === 'asc' ? sql`asc` : sql`desc`}`);
    };
    for (const sort of [undefined, ...QUOTATION_SORTS])
      for (const order of DIRS) {
        const all = await plainIds(sort, order);
        expect(all.length).toBeGreaterThan(2000);
        for (const offset of [0, 1990]) {
          const q = quotationListQuery.parse({ search: 'QT-L', limit: '10', offset: String(offset), sort, order });
          const got = await listQuotations(db(), q);
          expect(
            got.rows.map((r) => r.id),
            `${sort} ${order} @${offset}`,
          ).toEqual(all.slice(offset, offset + 10));
          expect(got.estimated).toBe(true);
          expect(got.total).toBeGreaterThan(2000);
        }
      }
  });

  it('pages such a search in an older date range newest first by a walk of that range, not by sorting every match', async () => {
    // 10,000 more over two years: the older year holds more matches of 'qt-l' than the cap, and a walk from the
    // newest would pass the whole newer year first.
    await seedLargeQuotations(db(), 10_000, now);
    const start = now - 730 * 86400;
    const end = now - 365 * 86400;
    for (const offset of [0, 40]) {
      const all = await ids(sql`select id from quotations where deleted = 0 and date >= ${start} and date <= ${end}
        and lower(quote_ref || ' ' || oc_ref || ' ' || invoice || ' ' || note) like '%qt-l%'
        order by date desc nulls last, id desc limit 10 offset ${offset}`);
      expect(all).toHaveLength(10);
      const q = quotationListQuery.parse({ search: 'QT-L', start, end, limit: '10', offset: String(offset) });
      let got: Awaited<ReturnType<typeof listQuotations>> | undefined;
      const statements = await statementsOf(t, async () => {
        got = await listQuotations(db(), q);
      });
      expect(got?.rows.map((r) => r.id)).toEqual(all);
      expect(got?.estimated).toBe(true);
      const log = statements.join('\n');
      expect(
        statements.some((s) => /as m from "quotations" where .*"date" >= \$\d+.* order by/.test(s)),
        log,
      ).toBe(true);
      expect(
        statements.some((s) => /offset 0\) f\b/.test(s)),
        log,
      ).toBe(false);
    }
  });
});
