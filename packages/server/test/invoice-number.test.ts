// Issue 9 item 10: a generated invoice number follows the demo data's scheme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createOrder } from './factories/sales';
import { createTestApp, get, postForm, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const generate = async (id: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/generate/invoice`,
    headers: await t.as('sale'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { invoice: string; invoice_pdf: string };
};

describe('generated invoice number', () => {
  it("turns the OC ref's OC- into INV- (the demo's OC-NWT26-1042 / INV-NWT26-1042)", async () => {
    const saved = await createOrder(t, { oc_ref: 'OC-NWT26-1042', value: 10 });
    const demo = (await get(t, 'sale', `/api/orders/${saved.id}`)).json().data;
    expect(demo.oc_ref).toMatch(/^OC-/);
    expect(demo.invoice).toBe('');
    const inv = await generate(demo.id);
    expect(inv.invoice).toBe(`INV-${demo.oc_ref.slice(3)}`);
    expect(inv.invoice).toBe('INV-NWT26-1042');
    expect(inv.invoice_pdf).toBe(`${inv.invoice}.pdf`);
  });

  it('without an OC ref numbers INV-{dealer prefix}{yy}-{next} from 1001', async () => {
    const d = await createDealer(t, { name: 'Invoice Dealer', prefix: 'IVD', credit_limit: 0 });
    const now = Math.floor(t.clock.now() / 1000);
    const yy = String(new Date(now * 1000).getUTCFullYear()).slice(2);
    const make = async () => {
      const res = await postForm(t, 'sale', '/api/orders/save', { dealer: d.id, date: now, value: 10 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    expect((await generate(await make())).invoice).toBe(`INV-IVD${yy}-1001`);
    expect((await generate(await make())).invoice).toBe(`INV-IVD${yy}-1002`);
  });
});
