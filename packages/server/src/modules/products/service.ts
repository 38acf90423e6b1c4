import { MSG } from '@bpm/contract/messages';
import {
  defaultWindow,
  type Product,
  type ProductListQuery,
  type ProductRow,
  type ProductSales,
  type ProductSave,
  type SalesPeriod,
} from '@bpm/contract/products';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { products } from '../../db/schema/products';
import { keyedChunk } from '../../platform/csv-keyset';
import { invalid, isUniqueViolation, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { keyOrder, sortKey, splitTotal, totalOver, trigramSearch } from '../../platform/paging';
import {
  detachFile,
  fileIdOf,
  lockRow,
  type RecordKind,
  SaveRowError,
  saveRecords,
  setActive,
} from '../../platform/records';
import { idIn } from '../../platform/records-write';
import { firstTaken, textIn } from '../../platform/unique-keys';
import { lockOrdersOf, refreshTestableOf } from '../sales-docs/test-status';
import { productSalesBuckets, productSalesTotals } from './sales';

export const PRODUCT_ENTITY = 'product';

const columns = {
  id: products.id,
  product_code: products.productCode,
  hs_code: products.hsCode,
  desc: products.desc,
  msrp: products.msrp,
  discount: products.discount,
  warranty: products.warranty,
  pl_serial_count: products.plSerialCount,
  has_modem: products.hasModem,
  is_test_required: products.isTestRequired,
  is_shipping_cost: products.isShippingCost,
  exclude_pl_item_count: products.excludePlItemCount,
  product_image: files.fileName,
  warning: products.warning,
  active: products.active,
  bom_cost: products.bomCost,
  bom_rev: products.bomRev,
  test_checklist_rev: products.testChecklistRev,
  version: products.version,
};

type RawProduct = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null;
};

function toProduct(r: RawProduct): Product {
  return {
    ...(r as unknown as Product),
    msrp: Number(r.msrp),
    discount: Number(r.discount),
    bom_cost: Number(r.bom_cost),
    product_image: r.product_image ?? null,
  };
}

/** The sales window of a request: the given dates or the default one (section 9). */
export function salesWindow(q: { StartDate?: number; EndDate?: number }, now: number) {
  const d = defaultWindow(now);
  const start = q.StartDate ?? d.start;
  const end = q.EndDate ?? d.end;
  if (end < start) throw invalid({ EndDate: MSG.windowOrder });
  return { start, end };
}

/** The list's filter and order (newest first unless sorted; then by id, descending). */
function productQuery(q: ProductListQuery) {
  const conds: SQL[] = [];
  if (q.search)
    conds.push(
      trigramSearch(
        sql`lower(${products.productCode} || ' ' || ${products.hsCode} || ' ' || ${products.desc})`,
        q.search,
      ),
    );
  if (q.status === 'active') conds.push(sql`${products.active} = 1`);
  if (q.status === 'inactive') conds.push(sql`${products.active} = 0`);
  const sort = sortKey(
    {
      product_code: sql`lower(${products.productCode})`,
      hs_code: sql`lower(${products.hsCode})`,
      desc: sql`lower(${products.desc})`,
      msrp: products.msrp,
      discount: products.discount,
      active: products.active,
      bom_cost: products.bomCost,
    },
    q.sort,
    q.order,
    // Newest first, like every list (section 9).
    { key: products.createdAt, desc: true },
  );
  return {
    where: conds.length ? and(...conds) : undefined,
    order: [keyOrder(sort), sql`${products.id} desc`],
    keyset: { ...sort, id: products.id, idDesc: true, nullsFirst: sort.desc },
  };
}

/** The rows with their units sold and revenue in the sales window (one query for the page). */
async function withSales(db: Db, rows: RawProduct[], window: { start: number; end: number }): Promise<ProductRow[]> {
  const sales = await productSalesTotals(
    db,
    rows.map((r) => r.id as number),
    window.start,
    window.end,
  );
  return rows.map((r) => {
    const s = sales.get(r.id as number);
    return { ...toProduct(r), units_sold: s?.units ?? 0, revenue: s?.revenue ?? 0 };
  });
}

export async function listProducts(
  db: Db,
  q: ProductListQuery,
  now: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const { where, order } = productQuery(q);
  const window = salesWindow(q, now);
  const rows = await db
    .select({ ...columns, total: totalOver() })
    .from(products)
    .leftJoin(files, eq(files.id, products.imageFileId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const page = await splitTotal(db, rows, q.offset, products, where);
  return { rows: await withSales(db, page.rows, window), total: page.total };
}

/** GET /products/export.csv (every prefix): one chunk of the list's rows after `after` (keyset on the sort key and id). */
export async function exportProducts(db: Db, q: ProductListQuery, now: number, limit: number, after?: unknown) {
  const { where, order, keyset } = productQuery(q);
  const window = salesWindow(q, now);
  const { rows, next } = await keyedChunk(keyset, limit, after, (condition, n) =>
    db
      .select({ ...columns, k: sql`${keyset.key}` })
      .from(products)
      .leftJoin(files, eq(files.id, products.imageFileId))
      .where(and(where, condition))
      .orderBy(...order)
      .limit(n),
  );
  return { rows: (await withSales(db, rows, window)) satisfies ProductRow[], next };
}

/** Many products at once (the batch save's and the import's reads), in any order. */
export async function getProducts(db: Db, ids: number[]): Promise<Product[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(columns)
    .from(products)
    .leftJoin(files, eq(files.id, products.imageFileId))
    .where(idIn(products.id, ids));
  return rows.map(toProduct);
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const [r] = await db
    .select(columns)
    .from(products)
    .leftJoin(files, eq(files.id, products.imageFileId))
    .where(eq(products.id, id));
  if (!r) throw notFound(MSG.productNotFound);
  return toProduct(r);
}

/** Locks the product row for the rest of the transaction (BOM and test step changes serialise on it). */
export async function lockProduct(tx: Db, id: number): Promise<void> {
  if (!(await lockRow(tx, products, id))) throw notFound(MSG.productNotFound);
}

/** What an event shows of a product: the form's fields. */
const snapshot = (p: Product) => ({
  product_code: p.product_code,
  hs_code: p.hs_code,
  desc: p.desc,
  msrp: p.msrp,
  discount: p.discount,
  warranty: p.warranty,
  pl_serial_count: p.pl_serial_count,
  has_modem: p.has_modem,
  is_test_required: p.is_test_required,
  is_shipping_cost: p.is_shipping_cost,
  exclude_pl_item_count: p.exclude_pl_item_count,
  warning: p.warning,
  active: p.active,
  product_image: p.product_image,
});

const PRODUCT: RecordKind<Product> = {
  table: products,
  entityType: PRODUCT_ENTITY,
  event: 'product',
  get: getProduct,
  getMany: getProducts,
  snapshot,
  label: (p) => ({ product_code: p.product_code }),
};

/** The product columns a save writes from its form; fields the form leaves out keep their value. */
function productFields(input: ProductSave, imageFileId: number | undefined) {
  return {
    productCode: input.product_code,
    ...(input.hs_code !== undefined ? { hsCode: input.hs_code } : {}),
    desc: input.desc,
    msrp: String(input.msrp),
    ...(input.discount !== undefined ? { discount: String(input.discount) } : {}),
    ...(input.warranty !== undefined ? { warranty: input.warranty } : {}),
    ...(input.pl_serial_count !== undefined ? { plSerialCount: input.pl_serial_count } : {}),
    ...(input.has_modem !== undefined ? { hasModem: input.has_modem } : {}),
    ...(input.is_test_required !== undefined ? { isTestRequired: input.is_test_required } : {}),
    ...(input.is_shipping_cost !== undefined ? { isShippingCost: input.is_shipping_cost } : {}),
    ...(input.exclude_pl_item_count !== undefined ? { excludePlItemCount: input.exclude_pl_item_count } : {}),
    ...(input.warning !== undefined ? { warning: input.warning } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(imageFileId ? { imageFileId } : {}),
  };
}

/**
 * The products of a save whose 'test required' it changes: their orders are locked first (lockOrdersOf, so that an
 * order save in between finishes before or reads the new requirement).
 */
async function lockRetestedOrders(tx: Db, inputs: ProductSave[]): Promise<void> {
  const asked = new Map(
    inputs.flatMap((i) => (i.id !== undefined && i.is_test_required !== undefined ? [[i.id, i.is_test_required]] : [])),
  );
  if (!asked.size) return;
  const stored = await tx
    .select({ id: products.id, required: products.isTestRequired })
    .from(products)
    .where(inArray(products.id, [...asked.keys()]));
  const changed = stored.filter((p) => asked.get(p.id) !== p.required).map((p) => p.id);
  if (changed.length) await lockOrdersOf(tx, changed);
}

/** The code rule for a set of saves: a code another product (or an earlier save of the set) has is taken. */
async function checkCodes(tx: Db, inputs: ProductSave[]) {
  const keys = inputs.map((i) => i.product_code.toLowerCase());
  const key = sql<string>`lower(${products.productCode})`;
  const stored = await tx.select({ id: products.id, key }).from(products).where(textIn(key, keys));
  const taken = firstTaken(
    inputs.map((input, i) => ({ id: input.id, key: keys[i]! })),
    stored,
  );
  if (taken !== undefined) throw new SaveRowError(taken, invalid({ product_code: MSG.productCodeTaken }));
}

export async function saveProduct(
  db: Db,
  input: ProductSave,
  imageFileId: number | undefined,
  actor: Actor,
  now: number,
): Promise<Product> {
  try {
    return await db.transaction(async (tx) => (await saveProducts(tx, [input], actor, now, imageFileId))[0]!);
  } catch (err) {
    throw err instanceof SaveRowError ? err.error : err;
  }
}

/**
 * Products through the shared save in the caller's transaction (one, or the import's set): the code rule once
 * for the set, then `saveRecords`. Defaults of a new product (section 3) are the column defaults: msrp 0,
 * discount 0, active 1, test required 1. A refused save is a `SaveRowError` naming its place.
 */
export async function saveProducts(
  tx: Db,
  inputs: ProductSave[],
  actor: Actor,
  now: number,
  imageFileId?: number,
): Promise<Product[]> {
  try {
    await checkCodes(tx, inputs);
    await lockRetestedOrders(tx, inputs);
    const items = inputs.map((input) => ({ input, steps: { fields: productFields(input, imageFileId) } }));
    const saved = await saveRecords(tx, PRODUCT, items, actor, now);
    // Whether an order has something to test follows its products' 'test required' (the test order list).
    const retested = saved.filter((s) => s.before && s.before.is_test_required !== s.record.is_test_required);
    if (retested.length)
      await refreshTestableOf(
        tx,
        retested.map((s) => s.record.id),
      );
    return saved.map((s) => s.record);
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ product_code: MSG.productCodeTaken });
    throw err;
  }
}

export async function setProductActive(
  db: Db,
  id: number,
  active: 0 | 1,
  actor: Actor,
  now: number,
): Promise<{ active: number; version: number }> {
  return setActive(db, PRODUCT, id, active, actor, now);
}

export async function productImageFileId(db: Db, id: number): Promise<number | null> {
  return fileIdOf(db, products, products.imageFileId, id, MSG.productNotFound);
}

export async function deleteProductImage(db: Db, id: number, actor: Actor, now: number) {
  const file = { column: 'imageFileId', field: 'product_image', event: 'product_image_deleted' } as const;
  const version = await detachFile(db, PRODUCT, id, file, actor, now);
  return { product_image: null, version };
}

/** Buckets of at most 62 days are days, longer windows months (UTC). */
function buckets(start: number, end: number): { granularity: 'day' | 'month'; periods: SalesPeriod[] } {
  const granularity = end - start <= 62 * 86400 ? 'day' : 'month';
  const periods: SalesPeriod[] = [];
  const s = new Date(start * 1000);
  let cur =
    granularity === 'day'
      ? Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate())
      : Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), 1);
  while (cur / 1000 <= end && periods.length < 1200) {
    const d = new Date(cur);
    const next =
      granularity === 'day'
        ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
        : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const iso = d.toISOString();
    periods.push({
      period: granularity === 'day' ? iso.slice(0, 10) : iso.slice(0, 7),
      start: Math.max(cur / 1000, start),
      end: Math.min(next / 1000 - 1, end),
      units: 0,
      revenue: 0,
    });
    cur = next;
  }
  return { granularity, periods };
}

/** View Statistics: the product's units and revenue per day or month of the window. */
export async function productSales(
  db: Db,
  id: number,
  q: { StartDate?: number; EndDate?: number },
  now: number,
): Promise<ProductSales> {
  await getProduct(db, id);
  const { start, end } = salesWindow(q, now);
  const { granularity, periods } = buckets(start, end);
  const data = await productSalesBuckets(db, id, start, end, granularity);
  let units = 0;
  let revenue = 0;
  for (const p of periods) {
    // Buckets are keyed by their calendar start; the first period may start mid-bucket.
    const key = Date.parse(`${p.period.length === 7 ? `${p.period}-01` : p.period}T00:00:00Z`) / 1000;
    const v = data.get(key);
    if (v) {
      p.units = v.units;
      p.revenue = v.revenue;
      units += v.units;
      revenue += v.revenue;
    }
  }
  return {
    product_id: id,
    start,
    end,
    granularity,
    total_units: units,
    total_revenue: Math.round(revenue * 100) / 100,
    periods,
  };
}
