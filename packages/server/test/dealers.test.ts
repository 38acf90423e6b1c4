import { COUNTRIES } from '@bpm/contract/countries';
import { PAYMENT_TERMS } from '@bpm/contract/dealers';
import { MSG } from '@bpm/contract/messages';
import type { Role } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createOrder, DEALER, pickProducts } from './factories/sales';
import { uniq } from './factories/uniq';
import { counts, createTestApp, get, postForm, SAMPLE, specApi, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dealer roles', () => {
  it('lets administrator, sale, shipping and production read; purchase, qa, tester and poapproval get 403', async () => {
    for (const role of ['administrator', 'sale', 'shipping', 'production'] as const) {
      for (const url of ['/api/dealers', '/api/dealers/1', '/api/dealers/autocomplete', '/api/dealers/credit/1']) {
        expect((await get(t, role, url)).statusCode, `${role} ${url}`).toBe(200);
      }
    }
    for (const role of ['purchase', 'qa', 'tester', 'poapproval'] as const) {
      expect((await get(t, role, '/api/dealers')).statusCode).toBe(403);
      expect((await get(t, role, '/api/dealers/autocomplete')).statusCode).toBe(403);
    }
  });

  it('lets administrator, sale and shipping save; production is read-only', async () => {
    for (const role of ['administrator', 'sale', 'shipping'] as const) {
      const res = await postForm(t, role, '/api/dealers/save', { ...DEALER, name: `Saved by ${role}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await counts(t);
    expect((await postForm(t, 'production', '/api/dealers/save', DEALER)).statusCode).toBe(403);
    expect((await postForm(t, 'purchase', '/api/dealers/save', DEALER)).statusCode).toBe(403);
    expect(await counts(t)).toEqual(before);
  });
});

describe('dealer list', () => {
  it('pages, searches name/prefix/country/email case-insensitively and sorts in SQL', async () => {
    const all = (await get(t, 'sale', '/api/dealers?limit=5')).json();
    expect(all.data).toHaveLength(5);
    expect(all.total).toBeGreaterThanOrEqual(30);
    const byCountry = (await get(t, 'sale', '/api/dealers?search=GERMANY&limit=100')).json();
    expect(byCountry.data.length).toBeGreaterThan(0);
    expect(byCountry.data.every((d: { country: string }) => d.country === 'Germany')).toBe(true);
    const byPrefix = (await get(t, 'sale', '/api/dealers?search=nwt')).json();
    expect(byPrefix.data.map((d: { name: string }) => d.name)).toContain('Northwind Telematics LLC');
    const byEmail = (await get(t, 'sale', '/api/dealers?search=orders@northwind')).json();
    expect(byEmail.total).toBe(1);
    // LIKE wildcards are literal.
    expect((await get(t, 'sale', '/api/dealers?search=%25%25')).json().total).toBe(0);
    const desc = (await get(t, 'sale', '/api/dealers?sort=name&order=desc&limit=100')).json().data as Array<{
      name: string;
    }>;
    const names = desc.map((d) => d.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(all.data[0]).toMatchObject({ discount: expect.any(Number), credit_limit: expect.any(Number) });
  });

  it('offers active dealers labelled "name [id]" in the autocomplete', async () => {
    const res = (await get(t, 'shipping', '/api/dealers/autocomplete')).json().data as Array<{
      id: number;
      name: string;
      label: string;
    }>;
    expect(res.length).toBeGreaterThan(20);
    for (const d of res) expect(d.label).toBe(`${d.name} [${d.id}]`);
    // The demo's inactive dealer is not offered.
    expect(res.map((d) => d.name)).not.toContain('Kiwi Track Ltd');
    const searched = (await get(t, 'sale', '/api/dealers/autocomplete?search=nordic')).json().data;
    expect(searched).toHaveLength(1);
  });
});

describe('dealer save', () => {
  it('creates and edits a dealer with every field, answering the saved record', async () => {
    const created = await createDealer(t, {
      name: DEALER.name,
      prefix: 'TDC',
      email2: 'a@x.example',
      email3: 'b@x.example',
      email4: 'c@x.example',
      billing_email: 'bill@x.example',
      shipping_email: 'ship@x.example',
      country: 'de',
      notes: 'n',
      order_notes: 'on',
    });
    const got = (await get(t, 'sale', `/api/dealers/${created.id}`)).json().data;
    expect(got).toMatchObject({
      name: DEALER.name,
      country: 'Germany',
      discount: 10,
      credit_limit: 5000,
      payment_terms: '100% 30 days',
      email4: 'c@x.example',
      order_notes: 'on',
      agreement_pdf: null,
      version: 1,
    });
    const edited = await postForm(t, 'sale', '/api/dealers/save', {
      ...DEALER,
      id: created.id,
      version: 1,
      discount: '',
      credit_limit: '',
      payment_terms: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ discount: 0, credit_limit: 0, payment_terms: 'None', version: 2 });
  });

  it('rejects missing required fields, bad e-mails, out-of-range discount and non-numeric credit limit, writing nothing', async () => {
    const before = await counts(t);
    const res = await postForm(t, 'sale', '/api/dealers/save', { name: ' ', discount: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: MSG.validation,
      cause: { name: MSG.required, country: MSG.required, billing_address: MSG.required, email: MSG.required },
    });
    const emails = await postForm(t, 'sale', '/api/dealers/save', {
      ...DEALER,
      email: 'nope',
      email2: 'x@',
      email3: 'a b@c.d',
      email4: '@x.example',
      billing_email: 'bill',
      shipping_email: 'ship@',
    });
    expect(emails.json().cause).toEqual({
      email: MSG.email,
      email2: MSG.email,
      email3: MSG.email,
      email4: MSG.email,
      billing_email: MSG.email,
      shipping_email: MSG.email,
    });
    for (const [discount, msg] of [
      [101, MSG.range(0, 100)],
      [-1, MSG.range(0, 100)],
      ['ten', MSG.number],
    ] as const) {
      const r = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, discount });
      expect(r.json().cause).toEqual({ discount: msg });
    }
    expect(MSG.range(0, 100)).toBe('Please enter a value between 0 and 100.');
    const credit = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, credit_limit: '12,5x' });
    expect(credit.json().cause).toEqual({ credit_limit: 'Please enter a valid number' });
    const terms = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, payment_terms: '100% 120 days' });
    expect(terms.json().cause).toEqual({ payment_terms: MSG.paymentTermsUnknown });
    const country = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, country: 'Atlantis' });
    expect(country.json().cause).toEqual({ country: MSG.countryUnknown });
    const unknown = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, id: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(await counts(t)).toEqual(before);
  });

  it('accepts the agreement as a PDF by content only (415 otherwise, 413 when too large) and serves it', async () => {
    const before = await counts(t);
    const fake = await postForm(t, 'sale', '/api/dealers/save', DEALER, [
      { field: 'agreement_pdf', name: 'agreement.pdf', data: SAMPLE.text },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(MSG.pdfOnly);
    const saved = t.config.maxUpload;
    t.config.maxUpload = 10;
    try {
      const big = await postForm(t, 'sale', '/api/dealers/save', DEALER, [{ field: 'agreement_pdf', name: 'a.pdf' }]);
      expect(big.statusCode).toBe(413);
    } finally {
      t.config.maxUpload = saved;
    }
    expect(await counts(t)).toEqual(before);
    const ok = await postForm(t, 'sale', '/api/dealers/save', DEALER, [
      { field: 'agreement_pdf', name: 'Dealer agreement.pdf', type: 'application/octet-stream' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().data.id;
    expect(ok.json().data.agreement_pdf).toBe('Dealer agreement.pdf');
    const file = await get(t, 'production', `/api/files/dealers/agreement_pdf/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(t, 'purchase', `/api/files/dealers/agreement_pdf/${id}`)).statusCode).toBe(403);
  });

  it('refuses a stale version with 409 naming who changed it', async () => {
    const d = await createDealer(t, { name: 'Versioned Dealer' });
    const first = await postForm(t, 'administrator', '/api/dealers/save', { ...DEALER, id: d.id, version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, id: d.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Alice Morgan (admin)');
  });

  it('renames follow into the dealer name of its orders', async () => {
    const d = await createDealer(t, { name: 'Before Rename' });
    const { a } = await pickProducts(t);
    const o = await postForm(t, 'sale', '/api/orders/save', {
      dealer: d.id,
      date: 1_700_000_000,
      value: 1,
      products: [{ product_id: a.id, quantity: 1, msrp: 10 }],
    });
    expect(o.statusCode, o.body).toBe(200);
    await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, id: d.id, name: 'After Rename' });
    expect((await get(t, 'sale', `/api/orders/${o.json().data.id}`)).json().data.dealer_name).toBe('After Rename');
  });
});

describe('dealer credit', () => {
  it('is the unpaid, uncancelled order value minus payments received', async () => {
    const d = await createDealer(t, { name: 'Credit Dealer', credit_limit: 1000 });
    const { a } = await pickProducts(t);
    const order = (fields: Record<string, unknown>) =>
      postForm(t, 'sale', '/api/orders/save', {
        dealer: d.id,
        date: 1_700_000_000,
        value: 0,
        products: [{ product_id: a.id, quantity: 1, msrp: 600, discount: 0 }],
        ...(fields as Record<string, string>),
      });
    const first = await order({ payment_received: 100 });
    expect(first.json().warning).toBeUndefined();
    expect((await get(t, 'sale', `/api/dealers/credit/${d.id}`)).json().data).toEqual({
      credit_used: 500,
      credit_limit: 1000,
    });
    await order({ payment_status: 'paid', payment_received: 600 });
    await order({ shipping_status: 'cancel' });
    expect((await get(t, 'sale', `/api/dealers/credit/${d.id}`)).json().data.credit_used).toBe(500);
    // The order that takes the dealer past its limit saves, with a warning beside the data.
    const over = await order({});
    expect(over.statusCode).toBe(200);
    expect(over.json().warning).toBe(MSG.creditLimitExceeded('Credit Dealer', 'US$1,100.00', 'US$1,000.00'));
    expect((await get(t, 'sale', `/api/dealers/credit/${d.id}`)).json().data.credit_used).toBe(1100);
    expect((await get(t, 'sale', '/api/dealers/credit/999999')).statusCode).toBe(404);
  });
});

describe('fixed lists', () => {
  it('has the full ISO country list and the fixed payment terms', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.find((c) => c.code === 'US')?.name).toBe('United States');
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(PAYMENT_TERMS).toHaveLength(13);
    expect(PAYMENT_TERMS[0]).toBe('None');
  });
});

describe('dealers — spec doc 1 §2.10, §3, §5, §7 (conformance)', () => {
  const { call, form, ok, cause, is01 } = specApi(() => t);

  it('validation: name, country, billing_address, email required; emails, discount, credit_limit', async () => {
    const c = cause(await form('sale', '/dealers/save', {}));
    for (const f of ['name', 'country', 'billing_address', 'email']) expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('sale', '/dealers/save', {
        name: 'X',
        country: 'United States',
        billing_address: 'a',
        email: 'bad',
        email2: 'bad',
        email3: 'bad',
        email4: 'bad',
        billing_email: 'bad',
        shipping_email: 'bad',
        discount: 101,
        credit_limit: 'abc',
      }),
    );
    for (const f of ['email', 'email2', 'email3', 'email4', 'billing_email', 'shipping_email'])
      expect(c2[f], f).toBe('Please enter a valid email address');
    expect(c2.discount).toBe('Please enter a value between 0 and 100.');
    expect(c2.credit_limit).toBe('Please enter a valid number');
  });

  it('New dealer is for administrator and sale; production cannot save', async () => {
    ok(
      await form('sale', '/dealers/save', {
        name: uniq('Conformance Dealer'),
        country: 'United States',
        billing_address: '1 Main St',
        email: 'dealer@example.com',
        discount: 5,
        credit_limit: 10000,
        payment_terms: '100% 30 days',
      }),
    );
    const admin = await form('administrator', '/dealers/save', {
      name: uniq('Conformance Dealer 2'),
      country: 'United States',
      billing_address: '1 Main St',
      email: 'dealer2@example.com',
    });
    ok(admin);
    for (const role of ['production', 'purchase', 'qa', 'poapproval', 'tester'] as Role[]) {
      const r = await form(role, '/dealers/save', {
        name: `Nope ${role}`,
        country: 'United States',
        billing_address: '1',
        email: 'a@b.co',
      });
      expect(r.statusCode, role).toBe(403);
    }
  });

  it('GET /dealers, /dealers/{id}, /dealers/autocomplete, /dealers/credit/{id}', async () => {
    const dealerId = (await createDealer(t, { country: 'United States', discount: 5, credit_limit: 10000 })).id;
    const list = ok(await call('sale', 'GET', '/dealers'));
    expect(Array.isArray(list.data)).toBe(true);
    const { data } = ok(await call('sale', 'GET', `/dealers/${dealerId}`));
    for (const f of [
      'id',
      'name',
      'prefix',
      'oem',
      'country',
      'same_address',
      'billing_address',
      'shipping_address',
      'billing_vat',
      'shipping_vat',
      'billing_email',
      'shipping_email',
      'billing_phone',
      'shipping_phone',
      'billing_mobile',
      'shipping_mobile',
      'email',
      'email2',
      'email3',
      'email4',
      'phone',
      'cellphone',
      'website',
      'discount',
      'payment_terms',
      'credit_limit',
      'notes',
      'order_notes',
      'agreement_pdf',
    ])
      expect(data, f).toHaveProperty(f);
    is01(data.oem);
    is01(data.same_address);
    expect(ok(await call('shipping', 'GET', '/dealers/autocomplete')).data.length).toBeGreaterThan(0);
    const credit = ok(await call('sale', 'GET', `/dealers/credit/${dealerId}`));
    expect(typeof credit.data.credit_used).toBe('number');
    expect(credit.data.credit_limit).toBe(10000);
    for (const role of ['purchase', 'qa', 'poapproval', 'tester'] as Role[])
      expect((await call(role, 'GET', '/dealers')).statusCode, role).toBe(403);
  });

  it('dealer credit_used counts the unpaid orders', async () => {
    const dealerId = (await createDealer(t)).id;
    await createOrder(t, { value: 100 }, dealerId);
    const credit = ok(await call('sale', 'GET', `/dealers/credit/${dealerId}`));
    expect(credit.data.credit_used).toBeGreaterThan(0);
  });
});
