/** Products and part components (document 2). */
import { products, productTestSteps } from '../../src/db/schema/products';
import { get, postForm, type TestApp } from '../helpers';
import { uniq } from './uniq';

type Fields = Record<string, string | number | undefined | null>;

/**
 * A product row made in the test with its own test steps (the testing areas need fields the product form
 * leaves to other screens, e.g. serial counts, so this one writes the row directly).
 */
export async function makeProduct(
  t: TestApp,
  over: Partial<typeof products.$inferInsert> = {},
  steps: string[] = ['Power on', 'Check LEDs'],
) {
  const now = Math.floor(t.clock.now() / 1000);
  const code = uniq('TST');
  const [p] = await t.database.db
    .insert(products)
    .values({
      productCode: code,
      desc: `Test product ${code}`,
      msrp: '100',
      plSerialCount: 1,
      warranty: 365,
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .returning();
  if (steps.length)
    await t.database.db
      .insert(productTestSteps)
      .values(
        steps.map((d, i) => ({ productId: p!.id, siNumber: i + 1, testDesc: d, createdAt: now, updatedAt: now })),
      );
  return p!;
}

/** A product saved through the product form by the administrator (unique product_code); answers the saved record. */
export async function makeSaleProduct(t: TestApp, fields: Fields = {}) {
  const res = await postForm(t, 'administrator', '/api/products/save', {
    product_code: uniq('PRD'),
    desc: 'Test product',
    msrp: 100,
    ...fields,
  });
  if (res.statusCode !== 200) throw new Error(`product save ${res.statusCode} ${res.body}`);
  return res.json().data as {
    id: number;
    product_code: string;
    msrp: number;
    discount: number;
    is_shipping_cost: number;
    [k: string]: unknown;
  };
}

/** A product's 'test required' set through the product form (the administrator's save), the rest as stored. */
export async function setTestRequired(t: TestApp, id: number, required: 0 | 1) {
  const p = (await get(t, 'administrator', `/api/products/${id}`)).json().data as Record<string, string | number>;
  const { version, product_code, desc, msrp, is_shipping_cost } = p;
  const res = await postForm(t, 'administrator', '/api/products/save', {
    id,
    version,
    product_code,
    desc,
    msrp,
    is_shipping_cost,
    is_test_required: required,
  });
  if (res.statusCode !== 200) throw new Error(`product save ${res.statusCode} ${res.body}`);
}

/** A part component saved by purchase (unique manuf_part_number); answers the saved record. */
export async function makePart(t: TestApp, fields: Fields = {}) {
  const res = await postForm(t, 'purchase', '/api/partComponents/save', {
    manufacturer: 'Test Maker',
    manuf_part_number: uniq('PART'),
    description: 'Test part',
    price: '2.5',
    ...fields,
  });
  if (res.statusCode !== 200) throw new Error(`part save ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; manuf_part_number: string; [k: string]: unknown };
}
