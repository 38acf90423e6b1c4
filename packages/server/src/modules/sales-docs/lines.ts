// Product lines of an order or quotation: checked, new products created, default discounts applied.
import { MSG } from '@bpm/contract/messages';
import type { OrderDocLine } from '@bpm/contract/order-reads';
import { defaultLineDiscount, type OrderLineInput } from '@bpm/contract/orders';
import { productSave } from '@bpm/contract/products';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { AppError, invalid } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { saveProduct } from '../products/service';
import { KINDS, type Kind, num } from './kinds';

export interface ResolvedLine {
  productId: number;
  name: string;
  quantity: number;
  msrp: number;
  discount: number;
  bomCost: number;
  isShippingCost: number;
  active: number;
}

/** Checks product ids, creates the dialog's new products, applies the default discount rule. */
export async function resolveLines(
  tx: Db,
  input: OrderLineInput[],
  dealer: { discount: number },
  actor: Actor,
  now: number,
): Promise<ResolvedLine[]> {
  const ids = [...new Set(input.map((l) => l.product_id).filter((x): x is number => x != null))];
  const found = ids.length
    ? await tx
        .select({
          id: products.id,
          code: products.productCode,
          desc: products.desc,
          discount: products.discount,
          bomCost: products.bomCost,
          isShippingCost: products.isShippingCost,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const cause: Record<string, string> = {};
  input.forEach((l, i) => {
    if (l.product_id != null && !byId.has(l.product_id)) cause[`products.${i}.product_id`] = MSG.productUnknown;
  });
  if (Object.keys(cause).length) throw invalid(cause);

  const out: ResolvedLine[] = [];
  for (const [i, l] of input.entries()) {
    let p = l.product_id != null ? byId.get(l.product_id) : undefined;
    if (!p) {
      // A new product from the add-product dialog, created in this transaction (docs/decisions.md).
      const parsed = productSave.safeParse({
        product_code: l.product_code,
        desc: l.desc,
        msrp: l.msrp,
        // The line's discount is the dealer's, not the product's: the new product keeps its own (0).
        discount: 0,
        is_shipping_cost: l.is_shipping_cost ?? 0,
      });
      if (!parsed.success) throw invalid({ [`products.${i}.product_code`]: MSG.required });
      try {
        const created = await saveProduct(tx, parsed.data, undefined, actor, now);
        p = {
          id: created.id,
          code: created.product_code,
          desc: created.desc,
          discount: String(created.discount),
          bomCost: String(created.bom_cost),
          isShippingCost: created.is_shipping_cost,
        };
      } catch (err) {
        if (err instanceof AppError && err.fieldErrors) {
          throw invalid(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`products.${i}.${k}`, v])));
        }
        throw err;
      }
    }
    const isShippingCost = l.is_shipping_cost ?? p.isShippingCost;
    out.push({
      productId: p.id,
      name: l.name || l.desc || p.desc,
      quantity: l.quantity,
      msrp: l.msrp,
      discount:
        l.discount ?? defaultLineDiscount({ discount: num(p.discount), is_shipping_cost: isShippingCost }, dealer),
      bomCost: l.bom_cost ?? num(p.bomCost),
      isShippingCost,
      active: l.active,
    });
  }
  return out;
}

/**
 * The sent lines are the stored ones as they are (`stored`: the document's lines read in this save): every line
 * names its product and carries its name, discount, BOM cost and shipping flag, all equal, in the same order.
 * Such lines need no product read and no write (resolveLines would answer them unchanged).
 */
export function sameLines(input: OrderLineInput[], stored: readonly OrderDocLine[]): boolean {
  return (
    input.length === stored.length &&
    input.every((l, i) => {
      const s = stored[i]!;
      return (
        l.product_id === s.product_id &&
        !!l.name &&
        l.name === s.name &&
        l.quantity === s.quantity &&
        l.msrp === s.msrp &&
        l.discount === s.discount &&
        l.bom_cost === s.bom_cost &&
        l.is_shipping_cost === s.is_shipping_cost &&
        l.active === s.active
      );
    })
  );
}

/** A resolved line as stored: what the stored line's read gives back. */
const sameLine = (l: ResolvedLine, s: OrderDocLine) =>
  l.productId === s.product_id &&
  l.name === s.name &&
  l.quantity === s.quantity &&
  l.msrp === s.msrp &&
  l.discount === s.discount &&
  l.bomCost === s.bom_cost &&
  l.isShippingCost === s.is_shipping_cost &&
  l.active === s.active;

/**
 * Writes a document's lines over its stored ones (`stored`, in their order; [] for a new document): the n-th
 * stored line row becomes the n-th line (updated only where it differs, so it keeps its id), lines beyond the
 * stored ones are inserted, stored rows beyond the new lines deleted. Positions are 0…n−1 in line order.
 * Answers whether anything was written.
 */
export async function writeLines(
  tx: Db,
  kind: Kind,
  docId: number,
  lines: ResolvedLine[],
  stored: readonly OrderDocLine[],
): Promise<boolean> {
  const { lines: lt } = KINDS[kind];
  const kept = stored.slice(0, lines.length);
  const added = lines.slice(stored.length);
  const gone = stored.slice(lines.length).map((s) => s.id);
  const changed = kept.some((s, i) => !sameLine(lines[i]!, s));
  if (!changed && !added.length && !gone.length) return false;
  if (gone.length) await tx.delete(lt).where(inArray(lt.id, gone));
  // One statement for the kept rows that differ (a row already so is not rewritten). Every writer numbers a
  // document's lines 0…n−1, so added rows follow the kept ones.
  if (changed) {
    const cols = [
      lt.position,
      lt.productId,
      lt.name,
      lt.quantity,
      lt.msrp,
      lt.discount,
      lt.bomCost,
      lt.isShippingCost,
      lt.active,
    ];
    const names = cols.map((c) => sql.identifier(c.name));
    const rows = kept.map((s, position) => {
      const l = lines[position]!;
      return sql`(${s.id}::int, ${position}::int, ${l.productId}::int, ${l.name}::text, ${l.quantity}::int,
        ${String(l.msrp)}::numeric, ${String(l.discount)}::numeric, ${String(l.bomCost)}::numeric,
        ${l.isShippingCost}::smallint, ${l.active}::smallint)`;
    });
    const v = sql`(values ${sql.join(rows, sql`, `)}) as v(id, ${sql.join(names, sql`, `)})`;
    const from = sql.join(
      names.map((n) => sql`v.${n}`),
      sql`, `,
    );
    await tx.execute(sql`update ${lt} set ${sql.join(
      names.map((n) => sql`${n} = v.${n}`),
      sql`, `,
    )}
      from ${v}
      where ${lt.id} = v.id and (${sql.join(cols, sql`, `)}) is distinct from (${from})`);
  }
  if (added.length)
    await tx.insert(lt).values(
      added.map((l, i) => ({
        docId,
        position: stored.length + i,
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        msrp: String(l.msrp),
        discount: String(l.discount),
        bomCost: String(l.bomCost),
        isShippingCost: l.isShippingCost,
        active: l.active,
      })),
    );
  return true;
}
