import {
  aggregateStatus,
  type ChecklistQueueQuery,
  type QueueRow,
  type StockProduct,
  type StockProductListQuery,
  TC_MSG,
  type TestOrder,
  type TestOrderListProduct,
  type TestOrderListQuery,
  type TestOrderRow,
  type TestStatus,
} from '@bpm/contract/test-checklists';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, fromJson, type JsonValue, queryRows } from '../../db/client';
import { fixedSql } from '../../db/fixed-read';
import { products } from '../../db/schema/products';
import { orderLines, orders } from '../../db/schema/sales';
import { testChecklists } from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import { notFound } from '../../platform/errors';
import { findPage, keySort, type PagePlan, searchOnce } from '../../platform/list-page';
import { type ListTotal, listTotal } from '../../platform/list-totals';
import { likePattern, trigramSearch } from '../../platform/paging';
import { checklistsRead, selectChecklists } from './core';

const allOf = (conds: SQL[]) => sql.join(conds, sql` and `);

/** The orders as `o`. */
const O = alias(orders, 'o');

/**
 * Orders that have something to test: a line whose product needs a test and is not shipping cost — the order's
 * `testable`, kept with its lines and its products' 'test required' (sales-docs/test-status.ts), so the walks and
 * counts check it in their indexes (0043) instead of reading each order's lines.
 */
const testable = sql`${O.testable} = 1`;

/**
 * Sort columns of the test order list, each with an index carrying the filter columns (0016_list_indexes).
 * Ties follow the direction (id asc or desc), as before.
 */
const TEST_ORDER_SORTS: Record<string, SQL> = {
  oc_ref: sql`${O.ocRef}`,
  dealer_name: sql`lower(${O.dealerName})`,
  test_status: sql`${O.testStatus}`,
};

/**
 * The test order list's page plan: the sort's index walks under the filters (`direct`). Dates are never null:
 * `nulls last` descending (`nulls first` ascending) is the same order as before and walks orders_date_idx
 * (date desc nulls last, id desc nulls last) in either direction.
 */
function plan(q: TestOrderListQuery): PagePlan {
  const conds: SQL[] = [testable];
  if (q.search) conds.push(trigramSearch(sql`lower(${O.ocRef} || ' ' || ${O.dealerName})`, q.search));
  if (q.dealer) conds.push(sql`${O.dealerId} = ${q.dealer}`);
  if (q.date_from !== undefined) conds.push(sql`${O.date} >= ${q.date_from}`);
  if (q.date_to !== undefined) conds.push(sql`${O.date} <= ${q.date_to}`);
  if (q.test_status !== 'all') conds.push(sql`${O.testStatus} = ${q.test_status}`);
  const asc = q.sort !== undefined && q.order === 'asc';
  const col = q.sort && q.sort !== 'date' ? TEST_ORDER_SORTS[q.sort] : undefined;
  return {
    list: { table: O, live: sql`${O.deleted} = 0` },
    conds,
    sort: col ? keySort(col, O.id, asc) : keySort(sql`${O.date}`, O.id, asc, { nullable: true }),
    direct: true,
  };
}

const rowColumns = {
  id: O.id,
  oc_ref: O.ocRef,
  dealer: O.dealerId,
  dealer_name: O.dealerName,
  date: O.date,
  test_status: sql<TestStatus>`${O.testStatus}`,
  // The lines to test (document 3 §3 'products[]'), in line order, read with the page's rows (one statement);
  // `o`: the page's orders (drizzle writes a one-table select's columns unqualified).
  products: sql<JsonValue<TestOrderListProduct[]>>`(select coalesce(json_agg(json_build_object(
      'product_id', l.product_id, 'name', l.name, 'quantity', l.quantity) order by l.position, l.id), '[]'::json)
    from ${orderLines} l join ${products} p on p.id = l.product_id
    where l.order_id = o.id and l.is_shipping_cost = 0 and p.is_test_required = 1)`,
};

/** A row of the page with its lines parsed. */
const withProducts = <R extends { products: JsonValue<TestOrderListProduct[]> }>(r: R) => ({
  ...r,
  products: fromJson(r.products, []),
});

/**
 * GET {role}/testChecklist/order: filter, sort, page and total in SQL. A search is read once for the page and
 * the count (each match checked for something to test).
 */
export async function listTestOrders(db: Db, q: TestOrderListQuery): Promise<{ rows: TestOrderRow[] } & ListTotal> {
  const p = plan(q);
  const found = q.search ? await searchOnce(db, p, q) : undefined;
  const page = await findPage(
    db,
    p,
    q,
    undefined,
    {
      byIds: (d, ids) => d.select(rowColumns).from(O).where(inArray(O.id, ids)),
      // The page's rows in the one statement that finds their ids.
      rows: (d, ids) => d.select(rowColumns).from(O).where(inArray(O.id, ids)).orderBy(p.sort.walk),
    },
    found?.ids,
  );
  const total = found
    ? { total: found.total, estimated: false }
    : await listTotal(db, sql`select 1 from ${orders} o where ${allOf([p.list.live!, ...p.conds])}`, {
        ...q,
        length: page.length,
      });
  return { rows: page.map(withProducts), ...total };
}

/** A test order's row, lines and checklists: three statements by the order's id (db/fixed-read.ts). */
const testOrderReads = {
  order: fixedSql<{ id: number; oc_ref: string; dealer_name: string; date: number; test_status: TestStatus }>(
    'test_order',
    sql`select id, oc_ref, dealer_name, date, test_status from ${orders}
        where id = ${sql.placeholder('id')} and deleted = 0`,
  ),
  lines: fixedSql<{
    id: number;
    product_id: number;
    name: string;
    quantity: number;
    is_shipping_cost: number;
    is_test_required: number;
  }>(
    'test_order_lines',
    sql`select l.id, l.product_id, l.name, l.quantity, l.is_shipping_cost, p.is_test_required
        from ${orderLines} l join ${products} p on p.id = l.product_id
        where l.order_id = ${sql.placeholder('id')} order by l.position, l.id`,
  ),
  checklists: checklistsRead('test_order_checklists', sql`c.order_id = ${sql.placeholder('id')}`),
};

/** GET {role}/testChecklist/order/{OrderId}: the order with its lines and their checklists. */
export async function getTestOrder(db: Db, orderId: number): Promise<TestOrder> {
  const [o] = await testOrderReads.order(db).execute({ id: orderId });
  if (!o) throw notFound(TC_MSG.orderNotFound);
  const lines = await testOrderReads.lines(db).execute({ id: orderId });
  const checklists = await testOrderReads.checklists(db).execute({ id: orderId });
  return {
    id: Number(o.id),
    oc_ref: o.oc_ref,
    dealer_name: o.dealer_name,
    date: Number(o.date),
    test_status: o.test_status,
    released: checklists.filter((c) => c.order_product_id == null),
    products: lines.map((l) => {
      // A checklist belongs to the line it was added on (a product on two lines counts per line).
      const own = checklists.filter((c) => c.order_product_id === Number(l.id));
      return {
        id: Number(l.id),
        product_id: Number(l.product_id),
        name: l.name,
        quantity: Number(l.quantity),
        is_shipping_cost: Number(l.is_shipping_cost),
        is_test_required: Number(l.is_test_required),
        test_assigned: own.reduce((n, c) => n + c.quantity, 0),
        checklists: own,
      };
    }),
  };
}

/** Stock status of a product: from its stock checklists. */
const stockStatus = sql`coalesce((select case
    when count(*) = 0 then 'pending'
    when bool_or(c.status = 'waiting approval') then 'waiting approval'
    when bool_or(c.status = 'failed') then 'failed'
    when bool_and(c.status = 'completed') then 'completed'
    when bool_and(c.status in ('completed', 'passed')) then 'passed'
    when bool_and(c.status = 'pending') then 'pending'
    else 'in progress' end
  from ${testChecklists} c where c.product_id = p.id and c.order_id is null), 'pending')`;
const stockQuantity = sql`coalesce((select sum(c.quantity) from ${testChecklists} c
  where c.product_id = p.id and c.order_id is null), 0)`;

/** GET stockTestChecklist/product. */
export async function listStockProducts(
  db: Db,
  q: StockProductListQuery,
): Promise<{ rows: StockProduct[]; total: number }> {
  const conds: SQL[] = [sql`true`];
  if (q.search) conds.push(trigramSearch(sql`lower(p.product_code || ' ' || p.hs_code || ' ' || p."desc")`, q.search));
  if (q.active !== 'all') conds.push(sql`p.active = ${q.active === 'active' ? 1 : 0}`);
  const cols: Record<string, SQL> = {
    product_code: sql`lower(product_code)`,
    hs_code: sql`hs_code`,
    desc: sql`lower("desc")`,
    test_quantity: sql`test_quantity`,
    test_status: sql`test_status`,
    active: sql`active`,
  };
  const col = cols[q.sort ?? 'product_code'] ?? cols.product_code!;
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  const statusCond = q.test_status === 'all' ? sql`true` : sql`test_status = ${q.test_status}`;
  const rows = await queryRows<StockProduct & { total: number }>(
    db,
    sql`select * , count(*) over() as total from (
          select p.id, p.product_code, p.hs_code, p."desc", p.active, p.is_test_required,
            ${stockStatus} as test_status, ${stockQuantity}::int as test_quantity
          from ${products} p where ${allOf(conds)}) x
        where ${statusCond}
        order by ${col} ${dir}, id ${dir} limit ${q.limit} offset ${q.offset}`,
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => normalize(r)),
    total: Number(rows[0]?.total ?? 0),
  };
}

const normalize = (r: StockProduct): StockProduct => ({
  ...r,
  id: Number(r.id),
  active: Number(r.active),
  is_test_required: Number(r.is_test_required),
  test_quantity: Number(r.test_quantity),
});

/** GET stockTestChecklist/product/{id}: the product with its stock checklists. */
export async function getStockProduct(db: Db, id: number): Promise<StockProduct> {
  const [p] = await queryRows<StockProduct>(
    db,
    sql`select p.id, p.product_code, p.hs_code, p."desc", p.active, p.is_test_required,
          ${stockStatus} as test_status, ${stockQuantity}::int as test_quantity
        from ${products} p where p.id = ${id}`,
  );
  if (!p) throw notFound(TC_MSG.productNotFound);
  const checklists = await selectChecklists(db, sql`c.product_id = ${id} and c.order_id is null`);
  return { ...normalize(p), test_status: aggregateStatus(checklists.map((c) => c.status)), checklists };
}

/**
 * GET {role}/testChecklist/queue: the caller's assigned checklists, or the passed ones waiting for QA. Newest change
 * first, `nulls last` as the queue indexes are built (neither column is ever null: the same order).
 */
export async function listQueue(
  db: Db,
  q: ChecklistQueueQuery,
  userId: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const conds: SQL[] = [];
  // QA's queue is the passed order checklists; the status filter is the tester's.
  if (q.view === 'signoff') conds.push(sql`c.order_id is not null and c.status = 'passed'`);
  else {
    conds.push(sql`c.test_by = ${userId}`);
    if (q.test_status === 'open') conds.push(sql`c.status in ('pending', 'in progress', 'failed', 'waiting approval')`);
    else if (q.test_status !== 'all') conds.push(sql`c.status = ${q.test_status}`);
  }
  if (q.search)
    conds.push(sql`lower(coalesce(o.oc_ref, '') || ' ' || p.product_code || ' ' || array_to_string(c.serials, ' '))
      like ${likePattern(q.search)}`);
  const rows = await queryRows<QueueRow & { total: number }>(
    db,
    sql`select c.id, c.order_id, o.oc_ref, o.dealer_name, c.product_id, p.product_code, p."desc" as product_name,
          c.quantity, c.status, c.serials, trim(coalesce(t.first_name, '') || ' ' || coalesce(t.last_name, ''))
            as test_by_name, c.updated_at, count(*) over () as total
        from ${testChecklists} c join ${products} p on p.id = c.product_id
        left join ${orders} o on o.id = c.order_id
        left join ${users} t on t.id = c.test_by
        where ${allOf(conds)}
        order by c.updated_at desc nulls last, c.id desc nulls last limit ${q.limit} offset ${q.offset}`,
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({
      ...r,
      id: Number(r.id),
      order_id: r.order_id == null ? null : Number(r.order_id),
      product_id: Number(r.product_id),
      quantity: Number(r.quantity),
      updated_at: Number(r.updated_at),
      serials: r.serials ?? [],
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
