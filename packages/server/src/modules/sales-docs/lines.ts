// Product lines of an order or quotation: checked, new products created, default discounts applied.
import { MSG } from '@bpm/contract/messages';
import { defaultLineDiscount, type OrderLineInput } from '@bpm/contract/orders';
import { productSave } from '@bpm/contract/products';
import { eq, inArray } from 'drizzle-orm';
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

export async function writeLines(tx: Db, kind: Kind, docId: number, lines: ResolvedLine[]) {
  const { lines: lt } = KINDS[kind];
  await tx.delete(lt).where(eq(lt.docId, docId));
  if (!lines.length) return;
  await tx.insert(lt).values(
    lines.map((l, position) => ({
      docId,
      position,
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
}
