import { inflateSync } from 'node:zlib';
import type { Role } from '@bpm/contract/roles';
import { eq } from 'drizzle-orm';
import { products, productTestSteps } from '../src/db/schema/products';
import { users } from '../src/db/schema/users';
import { bearer, type TestApp } from './helpers';
import { createDealer, postForm } from './sales-helpers';

let seq = 0;

/** A product made in the test, with its own test steps. */
export async function makeProduct(
  t: TestApp,
  over: Partial<typeof products.$inferInsert> = {},
  steps: string[] = ['Power on', 'Check LEDs'],
) {
  seq++;
  const now = Math.floor(t.clock.now() / 1000);
  const [p] = await t.database.db
    .insert(products)
    .values({
      productCode: `TST-${process.pid}-${seq}`,
      desc: `Test product ${seq}`,
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

/** An order (saved through the sales call) with one line per product; answers the order id. */
export async function makeOrder(t: TestApp, lines: Array<{ product_id: number; quantity: number }>, dealerId?: number) {
  const dealer = dealerId ?? (await createDealer(t, { name: `Testing Dealer ${process.pid}-${++seq}` })).id;
  const res = await postForm(t, 'sale', '/api/orders/save', {
    dealer,
    date: Math.floor(t.clock.now() / 1000),
    value: 0,
    oc_ref: `OC-T${++seq}`,
    products: lines.map((l) => ({ ...l, msrp: 100 })),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.id as number;
}

/** A new active user of `role` (e.g. a second tester); answers its id and bearer header. */
export async function makeUser(t: TestApp, role: Role, first = 'Other', last = 'Tester') {
  const username = `u${process.pid}x${++seq}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users/save',
    headers: await t.as('administrator'),
    payload: {
      username,
      password: 'secret1',
      confirmPassword: 'secret1',
      user_role: role,
      first_name: first,
      last_name: last,
      email: `${username}@example.com`,
      phone: '',
      position: 'Tech',
      company_name: 'BPM',
      country: 'Germany',
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { id: res.json().data.id as number, headers: await bearer(t, username, 'secret1') };
}

/** The id of a demo user (username = role, `admin` for administrator). */
export async function userId(t: TestApp, role: Role) {
  const username = role === 'administrator' ? 'admin' : role;
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u!.id;
}

/** The text of a pdfmake PDF: inflates its streams and decodes the hex strings of its text runs. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    try {
      body = inflateSync(body);
    } catch {
      // not compressed
    }
    const s = body.toString('latin1');
    for (const tj of s.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      let run = '';
      for (const h of tj[1]!.matchAll(/<([0-9a-fA-F]+)>/g)) run += Buffer.from(h[1]!, 'hex').toString('latin1');
      out.push(run);
    }
  }
  // pdfmake breaks runs after hyphens: join those back.
  return out.join(' ').replace(/\s+/g, ' ').replace(/- /g, '-');
}
