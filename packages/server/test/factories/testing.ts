/** Test checklists (document 3): orders with tested lines, checklists assigned to testers. */
import { call, type TestApp } from '../helpers';
import { makeProduct } from './products';
import { makeOrder } from './sales';

/** An order with one tested product line (2 units, 1 serial each) and a shipping-cost line. */
export async function makeTestedOrder(t: TestApp, over: Parameters<typeof makeProduct>[1] = {}) {
  const product = await makeProduct(t, over);
  const ship = await makeProduct(t, { isShippingCost: 1 }, []);
  const orderId = await makeOrder(t, [
    { product_id: product.id, quantity: 2 },
    { product_id: ship.id, quantity: 1 },
  ]);
  const res = await call(t, 'production', 'GET', `/testChecklist/order/${orderId}`);
  if (res.statusCode !== 200) throw new Error(`order overview ${res.statusCode} ${res.body}`);
  const order = res.json().data;
  return { product, orderId, line: order.products[0], shipLine: order.products[1] };
}

/** The order's lines as the test checklist overview shows them (each with its id for a checklist). */
export async function orderLines(t: TestApp, orderId: number) {
  const res = await call(t, 'sale', 'GET', `/testChecklist/order/${orderId}`);
  if (res.statusCode !== 200) throw new Error(`order overview ${res.statusCode} ${res.body}`);
  return res.json().data.products as Array<{ id: number; [k: string]: unknown }>;
}

/** A checklist for `quantity` units of an order line, assigned by sale to `testBy`; answers the saved record. */
export async function makeChecklist(t: TestApp, orderProductId: number, testBy: number, quantity = 1) {
  const res = await call(t, 'sale', 'POST', '/testChecklist/add', {
    test_by: testBy,
    quantity,
    order_product_id: orderProductId,
  });
  if (res.statusCode !== 200) throw new Error(`checklist add ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; status: string; [k: string]: unknown };
}
