/**
 * Black-box audit against the specification's own words (document 1 sections 3, 5–9; document 2
 * sections 3, 5–9 for products, BOM, product test steps, part components and suppliers): paths,
 * methods, field names, messages, status codes and role rules, as an outside acceptance suite
 * would check them.
 */
import type { Role } from '@bpm/contract/roles';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, SAMPLE, type TestApp } from './helpers';

// biome-ignore lint/suspicious/noExplicitAny: black-box checks read untyped JSON answers.
type Json = any;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLES: Role[] = ['administrator', 'sale', 'shipping', 'production', 'purchase', 'qa', 'poapproval', 'tester'];
const others = (allowed: Role[]) => ROLES.filter((r) => !allowed.includes(r));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(role: Role | null, method: Method, url: string, payload?: object) {
  const headers = role ? await t.as(role) : {};
  return t.app.inject({ method, url: `/api${url}`, headers, payload });
}
async function form(role: Role, url: string, fields: Record<string, string | number | undefined | null>) {
  const mp = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: mp.payload,
    headers: { ...(await t.as(role)), ...mp.headers },
  });
}
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Json; [k: string]: Json };
};
const cause = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; cause?: Record<string, string> };
  expect(typeof body.message).toBe('string');
  return body.cause ?? {};
};
const is01 = (v: unknown) => expect([0, 1], String(v)).toContain(v);

const TODAY = Math.floor(Date.UTC(2026, 10, 22) / 1000);

// Shared records created by the tests below.
let productId = 0;
let partId = 0;

describe('products (doc 2 §2, §3, §5, §6, §7, §9)', () => {
  it('validation: product_code, desc, msrp required; numbers; ranges', async () => {
    const c = cause(await form('administrator', '/products/save', {}));
    for (const f of ['product_code', 'desc', 'msrp']) expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('administrator', '/products/save', {
        product_code: 'X',
        desc: 'X',
        msrp: 'abc',
        discount: 101,
        warranty: 10000001,
        pl_serial_count: 101,
      }),
    );
    expect(c2.msrp).toBe('Please enter a valid number');
    expect(c2.discount).toBe('Please enter a value between 0 and 100.');
    expect(c2.warranty).toBe('Please enter a value between 0 and 10000000.');
    expect(c2.pl_serial_count).toBe('Please enter a value between 0 and 100.');
    const c3 = cause(
      await form('administrator', '/products/save', { product_code: 'X', desc: 'X', msrp: 1, discount: 'x' }),
    );
    expect(c3.discount).toBe('Please enter a valid number');
  });

  it('a new product defaults to discount 0, active 1, is_test_required 1 (0/1 numbers)', async () => {
    const res = ok(
      await form('administrator', '/products/save', { product_code: 'CONF-1', desc: 'Conformance', msrp: 0 }),
    );
    productId = res.data.id;
    expect(res.data).toMatchObject({ msrp: 0, discount: 0, active: 1, is_test_required: 1 });
    for (const f of [
      'id',
      'product_code',
      'hs_code',
      'desc',
      'msrp',
      'discount',
      'warranty',
      'pl_serial_count',
      'has_modem',
      'is_test_required',
      'is_shipping_cost',
      'exclude_pl_item_count',
      'product_image',
      'warning',
      'active',
      'bom_cost',
      'bom_rev',
      'test_checklist_rev',
    ])
      expect(res.data, f).toHaveProperty(f);
    for (const f of ['has_modem', 'is_test_required', 'is_shipping_cost', 'exclude_pl_item_count', 'active'])
      is01(res.data[f]);
  });

  it('role prefixes: each role reads under its prefix and the bare path', async () => {
    const prefixes: Array<[Role, string]> = [
      ['administrator', 'admin'],
      ['sale', 'sale'],
      ['shipping', 'shipping'],
      ['production', 'production'],
      ['purchase', 'purchase'],
    ];
    for (const [role, prefix] of prefixes) {
      const now = TODAY;
      ok(await call(role, 'GET', `/${prefix}/products?StartDate=${now - 86400 * 30}&EndDate=${now}`));
      ok(await call(role, 'GET', `/${prefix}/products/${productId}`));
      ok(await call(role, 'GET', `/products/${productId}`));
    }
    expect((await call('sale', 'GET', '/admin/products')).statusCode).toBe(403);
    for (const role of ['qa', 'poapproval', 'tester'] as Role[])
      expect((await call(role, 'GET', '/products')).statusCode, role).toBe(403);
  });

  it('purchase and shipping cannot save products', async () => {
    for (const [role, url] of [
      ['purchase', '/products/save'],
      ['purchase', '/purchase/products/save'],
      ['shipping', '/products/save'],
      ['shipping', '/shipping/products/save'],
    ] as Array<[Role, string]>) {
      const r = await form(role, url, { id: productId, product_code: 'CONF-1', desc: 'x', msrp: 1 });
      expect(r.statusCode, `${role} ${url}`).toBe(403);
    }
    ok(
      await form('sale', '/sale/products/save', {
        id: productId,
        product_code: 'CONF-1',
        desc: 'Conformance',
        msrp: 1,
      }),
    );
    ok(
      await form('production', '/production/products/save', {
        id: productId,
        product_code: 'CONF-1',
        desc: 'Conformance',
        msrp: 1,
      }),
    );
  });

  it('disable/enable answer active; deleteImage answers product_image; sales per product', async () => {
    const d = ok(await call('administrator', 'PUT', `/admin/products/disable/${productId}`));
    expect(d.data.active).toBe(0);
    const e = ok(await call('sale', 'PUT', `/sale/products/enable/${productId}`));
    expect(e.data.active).toBe(1);
    const img = ok(await call('administrator', 'POST', `/admin/products/deleteImage/${productId}`));
    expect(img.data).toHaveProperty('product_image');
    ok(await call('sale', 'GET', `/products/sales/${productId}`));
  });
});

describe('BOM (doc 2 §3, §5, §6, §7)', () => {
  it('only administrator and purchase reach the BOM calls', async () => {
    for (const role of others(['administrator', 'purchase'])) {
      expect((await call(role, 'GET', `/boms/product/${productId}`)).statusCode, role).toBe(403);
      expect((await call(role, 'POST', '/boms/save', { product_id: productId })).statusCode, role).toBe(403);
    }
  });

  it('line validation messages', async () => {
    const c = cause(await call('purchase', 'POST', '/boms/save', { product_id: productId }));
    expect(c.part_id).toBe('Manufacturer Part is required');
    expect(c.quantity).toBe('Quantity is required');
    const c2 = cause(
      await call('purchase', 'POST', '/boms/save', { product_id: productId, part_id: 1, quantity: 'abc' }),
    );
    expect(c2.quantity).toBe('Quantity must be a number');
  });

  it('save, get, list by product, delete, saveRev', async () => {
    const parts = ok(await call('purchase', 'GET', '/partComponents?limit=5')).data as Json[];
    const saved = ok(
      await call('purchase', 'POST', '/boms/save', {
        product_id: productId,
        part_id: parts[0].id,
        quantity: 2,
        ref: 'R1',
      }),
    );
    for (const f of [
      'id',
      'product_id',
      'part_id',
      'quantity',
      'ref',
      'remark',
      'alt_parts',
      'part_desc',
      'part_manufacturer',
      'part_number',
      'avg_price',
      'avg_total',
    ])
      expect(saved.data, f).toHaveProperty(f);
    expect(Array.isArray(saved.data.alt_parts)).toBe(true);
    ok(await call('administrator', 'GET', `/boms/${saved.data.id}`));
    const list = ok(await call('administrator', 'GET', `/boms/product/${productId}`));
    expect(list.data.length).toBe(1);
    ok(await call('purchase', 'DELETE', `/boms/delete/${saved.data.id}`));
    ok(await call('purchase', 'POST', '/boms/saveRev', { productId, bomRev: 'B' }));
    expect(ok(await call('administrator', 'GET', `/products/${productId}`)).data.bom_rev).toBe('B');
  });

  it('import answers the four counts; no data and missing headers give the spec messages', async () => {
    const parts = ok(await call('purchase', 'GET', '/partComponents?limit=5')).data as Json[];
    const res = ok(
      await call('purchase', 'POST', '/boms/import', {
        productId,
        replaceAll: false,
        bomData: [{ part_number: parts[0].manuf_part_number, quantity: '3' }],
      }),
    );
    for (const f of ['imported_count', 'updated_count', 'deleted_count', 'error_count'])
      expect(typeof res.data[f], f).toBe('number');
    expect(res.data.imported_count).toBe(1);
    const empty = await call('purchase', 'POST', '/boms/import', { productId, bomData: [], replaceAll: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No data to import');
    const missing = await call('purchase', 'POST', '/boms/import', {
      productId,
      bomData: [{ foo: 'x' }],
      replaceAll: false,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required headers: part_number, quantity');
  });
});

describe('product test checklist (doc 2 §3, §4, §5, §6, §7)', () => {
  const base = '/productTestChecklist';
  it('admin, production and sale only', async () => {
    for (const role of others(['administrator', 'production', 'sale']))
      expect((await call(role, 'GET', `${base}/byProduct/${productId}`)).statusCode, role).toBe(403);
  });

  it("'Test Description is required'; SI number = highest + 1; reorder; delete", async () => {
    const c = cause(await call('production', 'POST', `${base}/save`, { product_id: productId, test_desc: ' ' }));
    expect(c.test_desc).toBe('Test Description is required');
    const a = ok(await call('production', 'POST', `${base}/save`, { product_id: productId, test_desc: 'Power on' }));
    const b = ok(await call('sale', 'POST', `${base}/save`, { product_id: productId, test_desc: 'Ping' }));
    for (const f of ['id', 'product_id', 'si_number', 'test_desc']) expect(a.data, f).toHaveProperty(f);
    expect(b.data.si_number).toBe(a.data.si_number + 1);
    ok(await call('administrator', 'GET', `${base}/${a.data.id}`));
    ok(
      await call('administrator', 'POST', `${base}/reorder`, {
        checklist_id: b.data.id,
        new_si_number: 1,
        product_id: productId,
      }),
    );
    const list = ok(await call('administrator', 'GET', `${base}/byProduct/${productId}`)).data as Json[];
    expect(list.map((s) => s.test_desc)).toEqual(['Ping', 'Power on']);
    ok(await call('administrator', 'DELETE', `${base}/delete/${a.data.id}`));
  });

  it("step calls without required parameters answer 'Missing required parameters'", async () => {
    const r = await call('administrator', 'POST', `${base}/reorder`, {});
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Missing required parameters');
  });
});

describe('part components (doc 2 §3, §5, §6, §7, §9)', () => {
  it('administrator and purchase only', async () => {
    for (const role of others(['administrator', 'purchase'])) {
      expect((await call(role, 'GET', '/partComponents')).statusCode, role).toBe(403);
      expect((await form(role, '/partComponents/save', { manufacturer: 'x' })).statusCode, role).toBe(403);
    }
  });

  it('validation: manufacturer, manuf_part_number, price, unit, local_currency; numbers', async () => {
    const c = cause(await form('purchase', '/partComponents/save', { unit: '', local_currency: '' }));
    for (const f of ['manufacturer', 'manuf_part_number', 'price', 'unit', 'local_currency'])
      expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('purchase', '/partComponents/save', {
        manufacturer: 'M',
        manuf_part_number: 'P',
        price: 'abc',
        local_price: 'abc',
      }),
    );
    expect(c2.price).toBe('Please enter a valid number');
    expect(c2.local_price).toBe('Please enter a valid number');
  });

  it('defaults unit pcs and currency USD; active 1/0; enable/disable; statistics; deleteImage', async () => {
    const res = ok(
      await form('purchase', '/partComponents/save', {
        manufacturer: 'Conf',
        manuf_part_number: 'CONF-P1',
        price: 1.5,
      }),
    );
    partId = res.data.id;
    expect(res.data).toMatchObject({ unit: 'pcs', local_currency: 'USD', active: 1 });
    for (const f of [
      'id',
      'manuf_part_number',
      'manufacturer',
      'description',
      'price',
      'local_price',
      'local_currency',
      'unit',
      'part_image',
      'part_image_name',
      'active',
    ])
      expect(res.data, f).toHaveProperty(f);
    ok(await call('administrator', 'GET', `/partComponents/${partId}`));
    expect(ok(await call('purchase', 'PUT', `/partComponents/disable/${partId}`)).data.active).toBe(0);
    expect(ok(await call('purchase', 'PUT', `/partComponents/enable/${partId}`)).data.active).toBe(1);
    const stats = ok(
      await call('purchase', 'POST', `/partComponents/statistics/${partId}`, {
        startTime: TODAY - 86400 * 30,
        endTime: TODAY,
      }),
    );
    // Doc 2 §3: statistics rows (po_date, po_number, price, quantity); none before purchase orders exist.
    expect(stats.data).toEqual([]);
    expect(ok(await call('purchase', 'POST', `/partComponents/deleteImage/${partId}`)).data).toHaveProperty(
      'part_image',
    );
    expect((await call('purchase', 'GET', `/partComponents/image/${partId}`)).statusCode).toBe(404);
  });
});

describe('suppliers (doc 2 §3, §5, §6, §7)', () => {
  it('administrator and purchase only', async () => {
    for (const role of others(['administrator', 'purchase'])) {
      expect((await call(role, 'GET', '/suppliers')).statusCode, role).toBe(403);
      expect((await form(role, '/suppliers/save', { name: 'x' })).statusCode, role).toBe(403);
    }
  });

  it('validation: name, contact_person, address required; email valid', async () => {
    const c = cause(await form('purchase', '/suppliers/save', { email: 'bad' }));
    for (const f of ['name', 'contact_person', 'address']) expect(c[f], f).toBe('required field');
    expect(c.email).toBe('Please enter a valid email address');
  });

  it('save and GET /suppliers (optionally by SupplierId) with the spec fields', async () => {
    const res = ok(
      await form('purchase', '/suppliers/save', {
        name: 'Conformance Supplies',
        contact_person: 'Jane',
        address: '1 Road',
        supplier2303: 'TIN-1',
        email: 'jane@example.com',
      }),
    );
    for (const f of ['id', 'name', 'contact_person', 'supplier2303', 'address', 'email', 'phone', 'bank_details'])
      expect(res.data, f).toHaveProperty(f);
    const one = ok(await call('administrator', 'GET', `/suppliers?SupplierId=${res.data.id}`));
    const rows = Array.isArray(one.data) ? one.data : [one.data];
    expect(rows[0].id).toBe(res.data.id);
  });
});

describe('further rules of sections 2, 4, 5 and 9', () => {
  it('products and parts: status filter all/active/inactive; shipping and purchase cannot enable/disable', async () => {
    for (const status of ['all', 'active', 'inactive']) {
      ok(await call('sale', 'GET', `/products?status=${status}`));
      ok(await call('purchase', 'GET', `/partComponents?status=${status}`));
    }
    const inactive = ok(await call('sale', 'GET', '/products?status=inactive&limit=100')).data as Json[];
    for (const p of inactive) expect(p.active).toBe(0);
    for (const role of ['shipping', 'purchase'] as Role[]) {
      expect((await call(role, 'PUT', `/products/disable/${productId}`)).statusCode, role).toBe(403);
      expect((await call(role, 'PUT', `/products/enable/${productId}`)).statusCode, role).toBe(403);
    }
  });

  it('BOM import with replaceAll deletes lines not in the file (deleted_count)', async () => {
    const lines = ok(await call('purchase', 'GET', `/boms/product/${productId}`)).data as Json[];
    expect(lines).toHaveLength(1);
    const parts = ok(await call('purchase', 'GET', '/partComponents?limit=20&status=active')).data as Json[];
    const other = parts.find((p) => p.id !== lines[0].part_id && p.manuf_part_number !== lines[0].part_number);
    ok(await call('purchase', 'POST', '/boms/save', { product_id: productId, part_id: other.id, quantity: 1 }));
    const res = ok(
      await call('purchase', 'POST', '/boms/import', {
        productId,
        replaceAll: true,
        bomData: [{ part_number: lines[0].part_number, quantity: '5' }],
      }),
    );
    expect(res.data.updated_count).toBe(1);
    expect(res.data.deleted_count).toBe(1);
    expect(res.data.error_count).toBe(0);
  });
});

describe('envelopes (ARCHITECTURE rules of the road)', () => {
  it('login answers exactly {access_token}; errors are {message} with real status codes', async () => {
    const login = await call(null, 'POST', '/auth/login', { username: 'tester', password: 'wrong' });
    expect(login.statusCode).toBe(401);
    const h = await t.as('tester');
    expect(h.authorization).toMatch(/^Bearer /);
    const unauth = await call(null, 'GET', '/orders');
    expect(unauth.statusCode).toBe(401);
    expect(typeof unauth.json().message).toBe('string');
    const forbidden = await call('tester', 'GET', '/orders');
    expect(forbidden.statusCode).toBe(403);
    expect(typeof forbidden.json().message).toBe('string');
    const missing = await call('sale', 'GET', '/orders/99999999');
    expect(missing.statusCode).toBe(404);
    expect(typeof missing.json().message).toBe('string');
  });
});

describe('images', () => {
  const upload = async (
    role: Role,
    url: string,
    fields: Record<string, string | number>,
    field: string,
    data: Buffer,
  ) => {
    const mp = multipart(fields, [{ field, name: 'img.png', type: 'image/png', data }]);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: mp.payload,
      headers: { ...(await t.as(role)), ...mp.headers },
    });
  };

  it('product image: upload, image download, deleteImage answers product_image', async () => {
    const fields = { id: productId, product_code: 'CONF-1', desc: 'Conformance', msrp: 1 };
    const res = ok(await upload('administrator', '/products/save', fields, 'product_image', SAMPLE.png));
    expect(res.data.product_image).toBeTruthy();
    expect((await call('administrator', 'GET', `/products/image/${productId}`)).statusCode).toBe(200);
    const del = ok(await call('sale', 'POST', `/sale/products/deleteImage/${productId}`));
    expect(del.data.product_image).toBeNull();
  });
});

describe('role spellings (doc 1 §1)', () => {
  it("'admin' and 'po-approval' denote administrator and poapproval", async () => {
    for (const [sent, stored] of [
      ['admin', 'administrator'],
      ['po-approval', 'poapproval'],
    ]) {
      const res = ok(
        await form('administrator', '/admin/users/save', {
          username: `spell-${stored}`,
          password: 'secret123',
          confirmPassword: 'secret123',
          first_name: 'R',
          last_name: 'S',
          user_role: sent,
        }),
      );
      expect(res.data.user_role).toBe(stored);
    }
  });
});
