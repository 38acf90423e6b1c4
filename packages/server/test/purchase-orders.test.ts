import { MSG } from '@bpm/contract/messages';
import { PO_MSG } from '@bpm/contract/purchase-orders';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PO_COUNT } from '../src/modules/purchase-orders/seed';
import { createMailer } from '../src/platform/mail';
import { type Json, makeRefs, poBody, poIn, type Refs, rawPo } from './factories/purchasing';
import { call, countRows, createTestApp, pdfFile, SAMPLE, type TestApp, upload } from './helpers';

let t: TestApp;
let refs: Refs;
let approverId: number;
beforeAll(async () => {
  t = await createTestApp();
  refs = await makeRefs(t);
  const list = (await call(t, 'purchase', 'GET', '/purchaseorders/users/poapproval')).json().data as Json[];
  approverId = list.find((u) => u.user_role === 'poapproval')!.id;
}, 60_000);
afterAll(() => t.close());

const save = (body: object, role: Parameters<TestApp['as']>[0] = 'purchase') =>
  call(t, role, 'POST', '/purchaseorders/save', body);

describe('save', () => {
  it('creates a draft with a system po_number, prepared-by and USD prices', async () => {
    const res = await save(poBody(refs));
    expect(res.statusCode, res.body).toBe(200);
    const po = res.json().data;
    expect(po.status).toBe('draft');
    expect(po.po_number).toMatch(new RegExp(`^PO-2026-${String(po.id).padStart(5, '0')}$`));
    expect(po.prepared_by_name).toBe('Priya Nair');
    expect(po.prepared_by_position).toBe('Purchasing Officer');
    expect(po.approved_by_name).toBe('');
    expect(po.parts).toHaveLength(2);
    expect(po.parts[1]).toMatchObject({ price: 1.125, price_UI: 1.125, quantity: 4, remarks: 'urgent' });
    expect(po.amount).toBe(29.5);
    expect(po.paid).toBe(0);
  });

  it('stores EUR prices in USD (× rate) and shows them back in EUR', async () => {
    const body = poBody(refs, { currency: 'EUR', currency_rate: 1.08 });
    body.parts[0]!.price_UI = 10.123457;
    const po = (await save(body)).json().data;
    expect(po.parts[0].price).toBe(10.933334);
    expect(po.parts[0].price_UI).toBeCloseTo(10.123457, 5);
    const again = (await call(t, 'qa', 'GET', `/purchaseorders/${po.id}`)).json().data;
    expect(again.currency).toBe('EUR');
    expect(again.parts[0].price_UI).toBeCloseTo(10.123457, 5);
  });

  it('requires the fields of section 5 with the spec messages', async () => {
    const before = await countRows(t, 'purchase_orders');
    const res = await save({ supplier_name: '   ', parts: [] });
    expect(res.statusCode).toBe(400);
    const c = res.json().cause;
    for (const f of [
      'supplier',
      'supplier_name',
      'supplier_contact_person',
      'supplier_address',
      'requisitioner',
      'po_date',
      'due_date',
      'purpose',
      'department',
      'currency',
      'currency_rate',
    ])
      expect(c[f], f).toBe(MSG.required); // currency_rate too (issue 24 item 20)
    expect(await countRows(t, 'purchase_orders')).toBe(before);
  });

  it('refuses USD at a rate other than 1, a bad e-mail and bad lines, line by line', async () => {
    const body = poBody(refs, { currency_rate: 1.2, supplier_email: 'nope' });
    body.parts[0] = { ...body.parts[0]!, price_UI: -1, quantity: 0, part_name: ' ' };
    body.parts[1] = { ...body.parts[1]!, quantity: 1e12 };
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toMatchObject({
      currency: PO_MSG.currencyRate,
      supplier_email: MSG.email,
      'parts.0.price_UI': PO_MSG.price,
      'parts.0.quantity': PO_MSG.quantity,
      'parts.0.part_name': PO_MSG.partName,
      'parts.1.quantity': PO_MSG.quantity,
    });
    const wrongType = await save(poBody(refs, { po_date: 'yesterday', parts: 'not json' }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().cause.po_date).toBe(MSG.number);
  });

  it('refuses unknown supplier and part ids without writing', async () => {
    const before = await countRows(t, 'purchase_orders');
    const body = poBody(refs, { supplier: 999999 });
    body.parts[1]!.part = 999999;
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toEqual({ supplier: PO_MSG.supplierUnknown, 'parts.1.part': PO_MSG.partUnknown });
    expect(await countRows(t, 'purchase_orders')).toBe(before);
  });

  it('clears the price quote unless the PO is local', async () => {
    const a = (await save(poBody(refs, { price_quote: 'Q-1', local_po: 0 }))).json().data;
    expect(a.price_quote).toBe('');
    const b = (await save(poBody(refs, { price_quote: 'Q-1', local_po: 1 }))).json().data;
    expect(b.price_quote).toBe('Q-1');
  });

  it('checks the version and names who changed it', async () => {
    const po = (await save(poBody(refs))).json().data;
    const ok = await save({ ...poBody(refs, { purpose: 'Changed' }), id: po.id, version: po.version }, 'admin');
    expect(ok.statusCode).toBe(200);
    const stale = await save({ ...poBody(refs), id: po.id, version: po.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect(stale.json().message).toContain('Alice Morgan (admin)');
  });

  it('checks the version of a shipping cost and an AWB number', async () => {
    const po = (await save(poBody(refs))).json().data;
    const awb = await call(t, 'admin', 'POST', '/purchaseorders/saveAwb', {
      id: po.id,
      awb_number: 'AWB-1',
      version: po.version,
    });
    expect(awb.statusCode, awb.body).toBe(200);
    for (const [url, body] of [
      ['/purchaseorders/saveShippingCost', { shipping_cost: 5 }],
      ['/purchaseorders/saveAwb', { awb_number: 'AWB-2' }],
    ] as const) {
      const stale = await call(t, 'purchase', 'POST', url, { id: po.id, version: po.version, ...body });
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json().code).toBe('stale_version');
      expect(stale.json().message).toContain('Alice Morgan (admin)');
    }
    const fresh = await call(t, 'purchase', 'POST', '/purchaseorders/saveShippingCost', {
      id: po.id,
      version: awb.json().data.version,
      shipping_cost: 5,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('writes an event for each save', async () => {
    const po = (await save(poBody(refs))).json().data;
    const events = (await call(t, 'purchase', 'GET', `/events/purchaseorder/${po.id}`)).json().data;
    expect(events.map((e: Json) => e.event)).toEqual(['purchaseorder_created']);
  });
});

describe('list', () => {
  it('filters by search, supplier, dates, status and payment, sorted by po_date descending, with totals', async () => {
    const own = await makeRefs(t);
    const mk = async (po_date: number, purpose: string) =>
      (await save(poBody(own, { po_date, purpose }))).json().data as Json;
    const a = await mk(1_790_000_000, 'Alpha widgets');
    const b = await mk(1_790_100_000, 'Beta widgets');
    const c = await mk(1_790_200_000, 'Gamma gadgets');
    const list = (await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&limit=2`)).json();
    expect(list.total).toBe(3);
    expect(list.data.map((r: Json) => r.id)).toEqual([c.id, b.id]);
    expect(list.amount).toBe(88.5);
    const search = (await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&search=WIDGETS`)).json();
    expect(search.data.map((r: Json) => r.id)).toEqual([b.id, a.id]);
    const range = (
      await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&start=1790050000&end=1790150000`)
    ).json();
    expect(range.data.map((r: Json) => r.id)).toEqual([b.id]);
    await call(t, 'purchase', 'POST', `/purchaseorders/cancel/${a.id}`, { reason: 'dup' });
    const cancelled = (
      await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&status=cancelled`)
    ).json();
    expect(cancelled.data.map((r: Json) => [r.id, r.cancelled_reason])).toEqual([[a.id, 'dup']]);
    const all = (await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}`)).json();
    expect(all.amount).toBe(59); // cancelled POs are left out of the total
    const unpaid = (await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&paid=1`)).json();
    expect(unpaid.total).toBe(0);
    const asc = (
      await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&sort=po_date&order=asc`)
    ).json();
    expect(asc.data[0].id).toBe(a.id);
    expect((await call(t, 'qa', 'GET', '/purchaseorders?status=bogus')).statusCode).toBe(400);
    // Totals from the rollup (no date range or search) equal those of a scan (a range covering all).
    for (const f of ['', 'status=received', `supplier=${own.supplier.id}`, 'paid=0&status=cancelled']) {
      const fast = (await call(t, 'qa', 'GET', `/purchaseorders?limit=1&${f}`)).json();
      const scan = (await call(t, 'qa', 'GET', `/purchaseorders?limit=1&start=0&${f}`)).json();
      expect([fast.total, fast.amount], f).toEqual([scan.total, scan.amount]);
    }
    expect((await call(t, 'sale', 'GET', '/purchaseorders')).statusCode).toBe(403);
  });

  it('lists the POs of a time range and the drafts of a supplier', async () => {
    const own = await makeRefs(t);
    const mk = async (po_date: number) => (await save(poBody(own, { po_date }))).json().data as Json;
    const a = await mk(1_795_000_000);
    const b = await mk(1_795_000_100);
    const from = (await call(t, 'qa', 'GET', '/purchaseorders/time/1795000050')).json().data as Json[];
    expect(from.map((r) => r.id)).toContain(b.id);
    expect(from.map((r) => r.id)).not.toContain(a.id);
    const range = (await call(t, 'qa', 'GET', '/purchaseorders/time/1795000000/1795000100')).json().data as Json[];
    expect(range.filter((r) => r.supplier === own.supplier.id).map((r) => [r.id, r.po_number, r.status])).toEqual([
      [b.id, b.po_number, 'draft'],
      [a.id, a.po_number, 'draft'],
    ]);
    const drafts = (await call(t, 'qa', 'GET', `/purchaseorders/draft?supplier=${own.supplier.id}`)).json();
    expect(drafts.total).toBe(2);
    expect(drafts.data.map((r: Json) => r.id)).toEqual([b.id, a.id]);
  });
});

describe('lifecycle', () => {
  it('request approval needs a chosen approver from the list', async () => {
    const po = await poIn(t, refs, 'draft');
    const none = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, { emailTo: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().cause.emailTo).toBe(PO_MSG.selectApprover);
    const sale = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, { emailTo: [2] });
    expect(sale.json().cause.emailTo).toBe(PO_MSG.approverUnknown);
    expect(await rawPo(t, po.id)).toMatchObject({ status: 'draft', version: 1 });
  });

  it('request → approve → receive → pay, with mail, snapshots, PDF and events', async () => {
    t.mails.length = 0;
    const po = (await save(poBody(refs, { currency: 'EUR', currency_rate: 1.1 }))).json().data;
    const req = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, {
      emailTo: [approverId],
    });
    expect(req.statusCode, req.body).toBe(200);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.to).toEqual(['olivia.chen@bpm.example.com']);
    expect(t.mails[0]!.text).toContain(`/purchaseorders/edit/${po.id}`);
    expect(t.mails[0]!.subject).toContain(po.po_number);

    const waiting = (await call(t, 'poapproval', 'GET', '/purchaseorders/waitingapproval')).json().data as Json[];
    expect(waiting.some((w) => w.id === po.id)).toBe(true);
    const ok = await call(t, 'poapproval', 'PUT', `/poapproval/purchaseorders/approve/${po.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const approved = ok.json().data;
    expect(approved).toMatchObject({
      status: 'approved',
      approved_by_name: 'Olivia Chen',
      approved_by_position: 'Finance Controller',
    });
    expect(approved.po_pdf).toBeTypeOf('number');
    const after = (await call(t, 'poapproval', 'GET', '/purchaseorders/waitingapproval')).json().data as Json[];
    expect(after.some((w) => w.id === po.id)).toBe(false);

    const pdf = await call(t, 'qa', 'GET', `/files/purchase_order/po_pdf/${po.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Shipping cost: entered in EUR, stored × rate, shown ÷ rate.
    const ship = await call(t, 'shipping', 'POST', '/purchaseorders/saveShippingCost', {
      id: po.id,
      shipping_cost: 50,
    });
    expect(ship.statusCode, ship.body).toBe(200);
    expect(ship.json().data.shipping_cost).toBe(55);
    const awb = await call(t, 'qa', 'POST', '/purchaseorders/saveAwb', { id: po.id, awb_number: ' 123-456 ' });
    expect(awb.json().data.awb_number).toBe('123-456');

    const rec = await call(t, 'admin', 'PUT', `/admin/purchaseorders/receive/${po.id}`);
    expect(rec.json().data.status).toBe('received');
    const paid = await upload(t, 'purchase', `/purchaseorders/pay/${po.id}`, { payment_status: 2 }, [
      pdfFile('proof_payment_pdf'),
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.paid).toBe(2);

    const events = (await call(t, 'admin', 'GET', `/events/purchaseorder/${po.id}?limit=50`)).json().data as Json[];
    expect(events.map((e) => e.event).reverse()).toEqual([
      'purchaseorder_created',
      'purchaseorder_approval_requested',
      'purchaseorder_approved',
      'purchaseorder_shipping_cost',
      'purchaseorder_awb',
      'purchaseorder_received',
      'purchaseorder_payment',
    ]);

    // History: approval and receipt snapshots, newest first; unchanged by later edits.
    const hist = (await call(t, 'purchase', 'GET', `/purchaseorders/history/po/${po.id}`)).json();
    expect(hist.total).toBe(2);
    expect(hist.data.map((h: Json) => h.status)).toEqual(['received', 'approved']);
    const approvedSnap = (await call(t, 'purchase', 'GET', `/purchaseorders/history/${hist.data[1].id}`)).json().data;
    expect(approvedSnap.snapshot.purpose).toBe('Stock for production');
    const revised = await save({
      ...poBody(refs, { currency: 'EUR', currency_rate: 1.1, purpose: 'Revised purpose' }),
      id: po.id,
      version: paid.json().data.version,
      revise: true,
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json().data).toMatchObject({ status: 'draft', po_number: `${po.po_number}-R1`, po_pdf: null });
    const again = (await call(t, 'purchase', 'GET', `/purchaseorders/history/${hist.data[1].id}`)).json().data;
    expect(again).toEqual(approvedSnap);
    const hist2 = (await call(t, 'purchase', 'GET', `/purchaseorders/history/po/${po.id}`)).json().data;
    expect(hist2[0].action).toBe('revised');
    const rev = (await call(t, 'purchase', 'GET', `/purchaseorders/history/${hist2[0].id}`)).json().data;
    expect(rev.changes.purpose).toEqual({ old: 'Stock for production', new: 'Revised purpose' });
    const oldPdf = await call(t, 'purchase', 'GET', `/files/purchase_order_history/po_pdf/${hist.data[1].id}`);
    expect(oldPdf.statusCode).toBe(200);
    expect((await call(t, 'qa', 'GET', `/files/purchase_order/po_pdf/${po.id}`)).statusCode).toBe(404);
    expect((await call(t, 'qa', 'GET', `/purchaseorders/history/po/${po.id}`)).statusCode).toBe(403);
  });

  it('cancel needs a trimmed reason; a cancelled PO is read-only', async () => {
    const po = await poIn(t, refs, 'draft');
    const empty = await call(t, 'purchase', 'POST', `/purchaseorders/cancel/${po.id}`, { reason: '   ' });
    expect(empty.json().cause.reason).toBe(PO_MSG.reasonRequired);
    const ok = await call(t, 'purchase', 'POST', `/purchaseorders/cancel/${po.id}`, { reason: '  wrong supplier ' });
    expect(ok.json().data).toMatchObject({ status: 'cancelled', cancelled_reason: 'wrong supplier' });
    const edit = await save({ ...poBody(refs), id: po.id, version: ok.json().data.version });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(PO_MSG.cancelledReadOnly);
  });

  it('receive runs the form validation first', async () => {
    const po = await poIn(t, refs, 'approved');
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update purchase_orders set purpose = '' where id = ${po.id}`,
    );
    const res = await call(t, 'admin', 'PUT', `/admin/purchaseorders/receive/${po.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.purpose).toBe(MSG.required);
    expect(await rawPo(t, po.id)).toMatchObject({ status: 'approved' });
  });

  it('duplicate creates a new draft with its own number', async () => {
    const po = await poIn(t, refs, 'received');
    const res = await save({ ...poBody(refs), id: po.id, duplicate: true });
    const dup = res.json().data;
    expect(dup.id).not.toBe(po.id);
    expect(dup).toMatchObject({ status: 'draft', paid: 0, proof_payment_pdf: null });
    expect(dup.po_number).not.toBe(po.po_number);
    expect(await rawPo(t, po.id)).toMatchObject({ status: 'received' });
  });
});

describe('files', () => {
  it('pay needs a PDF and a payment status, checked by content', async () => {
    const po = await poIn(t, refs, 'approved');
    const none = await upload(t, 'purchase', `/purchaseorders/pay/${po.id}`, {}, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().cause).toEqual({
      payment_status: PO_MSG.paymentStatusRequired,
      proof_payment_pdf: PO_MSG.proofRequired,
    });
    const fake = await upload(t, 'purchase', `/purchaseorders/pay/${po.id}`, { payment_status: 1 }, [
      { field: 'proof_payment_pdf', name: 'x.pdf', type: 'application/pdf', data: SAMPLE.text },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().cause.proof_payment_pdf).toBe(MSG.pdfOnly);
    const bad = await upload(t, 'purchase', `/purchaseorders/pay/${po.id}`, { payment_status: 7 }, [
      pdfFile('proof_payment_pdf'),
    ]);
    expect(bad.json().cause.payment_status).toBe(PO_MSG.paymentStatusRequired);
    expect(await rawPo(t, po.id)).toMatchObject({ paid: 0, proof_payment_file_id: null, version: 1 });
    const ok = await upload(t, 'admin', `/purchaseorders/pay/${po.id}`, { payment_status: 1 }, [
      pdfFile('proof_payment_pdf'),
    ]);
    expect(ok.json().data.paid).toBe(1);
    const dl = await call(t, 'purchase', 'GET', `/files/purchase_order/proof_payment_pdf/${po.id}`);
    expect(dl.statusCode).toBe(200);
  });

  it('supplier quote needs a PDF', async () => {
    const po = await poIn(t, refs, 'waitingapproval');
    const none = await upload(t, 'purchase', `/purchaseorders/quote/${po.id}`, {}, []);
    expect(none.json().cause.supplier_quote_pdf).toBe(PO_MSG.quoteRequired);
    const png = await upload(t, 'purchase', `/purchaseorders/quote/${po.id}`, {}, [
      { field: 'supplier_quote_pdf', name: 'q.pdf', type: 'application/pdf', data: SAMPLE.png },
    ]);
    expect(png.json().cause.supplier_quote_pdf).toBe(MSG.pdfOnly);
    const ok = await upload(t, 'purchase', `/purchaseorders/quote/${po.id}`, {}, [pdfFile('supplier_quote_pdf')]);
    expect(ok.json().data.supplier_quote_pdf).toBeTypeOf('number');
  });

  it('shipping cost and AWB are required with the spec message; unknown ids are 404', async () => {
    const sc = await call(t, 'purchase', 'POST', '/purchaseorders/saveShippingCost', { id: 1 });
    expect(sc.json().cause.shipping_cost).toBe(MSG.required);
    const neg = await call(t, 'purchase', 'POST', '/purchaseorders/saveShippingCost', { id: 1, shipping_cost: -4 });
    expect(neg.json().cause.shipping_cost).toBe(MSG.number);
    const awb = await call(t, 'purchase', 'POST', '/purchaseorders/saveAwb', { id: 1, awb_number: ' ' });
    expect(awb.json().cause.awb_number).toBe(MSG.required);
    const missing = await call(t, 'purchase', 'POST', '/purchaseorders/saveAwb', { id: 999999, awb_number: 'x' });
    expect(missing.statusCode).toBe(404);
    expect((await call(t, 'purchase', 'GET', '/purchaseorders/999999')).statusCode).toBe(404);
    expect((await call(t, 'purchase', 'GET', '/purchaseorders/abc')).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('renders the PDF of a demo PO and of its stored versions on first download', async () => {
    const list = (
      await call(t, 'admin', 'GET', '/purchaseorders?status=received&limit=1&sort=po_date&order=asc')
    ).json().data as Json[];
    const po = list[0]!;
    const pdf = await call(t, 'qa', 'GET', `/files/purchase_order/po_pdf/${po.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const hist = (await call(t, 'purchase', 'GET', `/purchaseorders/history/po/${po.id}`)).json().data as Json[];
    expect(hist.map((h) => h.status)).toEqual(['received', 'approved']);
    const old = await call(t, 'purchase', 'GET', `/files/purchase_order_history/po_pdf/${hist[1]!.id}`);
    expect(old.statusCode).toBe(200);
    const drafts = (await call(t, 'admin', 'GET', '/purchaseorders?status=draft&limit=1')).json().data as Json[];
    expect((await call(t, 'admin', 'GET', `/files/purchase_order/po_pdf/${drafts[0]!.id}`)).statusCode).toBe(404);
  });

  it('quotes prices as a supplier would: cents in the PO currency (four decimals below 1), shipping round (issue 24 item 5)', async () => {
    const rows = (
      (await t.database.db.execute(sql`select l.local_price::text as p, o.shipping_cost::text as s, o.currency_rate::text as r
        from purchase_order_lines l join purchase_orders o on o.id = l.po_id where o.id <= ${DEMO_PO_COUNT}`)) as unknown as {
        rows: Array<{ p: string; s: string; r: string }>;
      }
    ).rows;
    expect(rows.length).toBeGreaterThan(DEMO_PO_COUNT);
    const odd = rows.filter(({ p }) => !(Number(p) >= 1 ? /\.\d{2}0{4}$/ : /\.\d{4}0{2}$/).test(p));
    expect(odd.slice(0, 3)).toEqual([]);
    const shipping = rows.map(({ s, r }) => Number(s) / Number(r));
    expect(shipping.filter((x) => Math.abs(x - Math.round(x)) > 1e-6).slice(0, 3)).toEqual([]);
  });
});

describe('lookups', () => {
  it('administrator adds, renames and deletes; others only read', async () => {
    const add = await call(t, 'admin', 'POST', '/admin/purchaseorders/pricequote/save', { name: ' PQ-77 ' });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id;
    expect((await call(t, 'qa', 'GET', '/purchaseorders/pricequote?search=pq-77')).json().data).toEqual([
      { id, name: 'PQ-77' },
    ]);
    const empty = await call(t, 'admin', 'POST', '/admin/purchaseorders/dept/save', { name: '' });
    expect(empty.json().cause.name).toBe(PO_MSG.departmentName);
    const term = await call(t, 'admin', 'POST', '/admin/purchaseorders/term/save', {});
    expect(term.json().cause.name).toBe(PO_MSG.termName);
    const pq = await call(t, 'admin', 'POST', '/admin/purchaseorders/pricequote/save', { name: ' ' });
    expect(pq.json().cause.name).toBe(PO_MSG.priceQuoteName);
    const dup = await call(t, 'admin', 'POST', '/admin/purchaseorders/pricequote/save', { name: 'pq-77' });
    expect(dup.statusCode).toBe(400);
    const ren = await call(t, 'admin', 'POST', '/admin/purchaseorders/pricequote/save', { id, name: 'PQ-78' });
    expect(ren.json().data.name).toBe('PQ-78');
    expect((await call(t, 'purchase', 'POST', '/admin/purchaseorders/pricequote/save', { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(t, 'admin', 'PUT', `/admin/purchaseorders/pricequote/delete/${id}`)).statusCode).toBe(200);
    expect((await call(t, 'admin', 'PUT', `/admin/purchaseorders/pricequote/delete/${id}`)).statusCode).toBe(404);
  });
});

describe('part statistics from PO lines', () => {
  it('count approved and received lines only, weighted by quantity', async () => {
    const own = await makeRefs(t);
    const part = own.parts[0]!.id;
    const mk = async (status: 'approved' | 'received' | 'draft', price: number, quantity: number) => {
      const body = poBody(own, { po_date: Math.floor(t.clock.now() / 1000) - 86400 });
      body.parts = [{ ...body.parts[0]!, price_UI: price, quantity }];
      const po = (await save(body)).json().data;
      await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, { emailTo: [approverId] });
      if (status !== 'draft') await call(t, 'admin', 'PUT', `/admin/purchaseorders/approve/${po.id}`);
      if (status === 'received') await call(t, 'admin', 'PUT', `/admin/purchaseorders/receive/${po.id}`);
      return po;
    };
    await mk('approved', 2, 10);
    await mk('received', 4, 30);
    await mk('draft', 100, 1000);
    const stats = await call(t, 'purchase', 'POST', `/partComponents/statistics/${part}`, {});
    const s = stats.json();
    expect(s.data).toHaveLength(2);
    expect(s.avg_price).toBe(3.5);
    expect(s.data.map((r: Json) => [r.price, r.quantity])).toEqual([
      [2, 10],
      [4, 30],
    ]);
  });
});

describe('BOM costs from PO lines', () => {
  it('a BOM line is costed at the weighted PO average once the part is bought, its own price before', async () => {
    const own = await makeRefs(t);
    const part = own.parts[1]!;
    const pid = (
      (await t.database.db.execute(sql`select id from products order by id limit 1`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows[0]!.id;
    const line = await call(t, 'admin', 'POST', '/boms/save', { product_id: pid, part_id: part.id, quantity: 2 });
    expect(line.statusCode, line.body).toBe(200);
    const costOf = async () =>
      ((await call(t, 'admin', 'GET', `/boms/product/${pid}`)).json().data as Json[]).find(
        (l) => l.part_id === part.id,
      )!;
    expect((await costOf()).avg_price).toBe(2.5);
    const body = poBody(own);
    body.parts = [
      { ...body.parts[1]!, price_UI: 4, quantity: 30 },
      { ...body.parts[1]!, price_UI: 2, quantity: 10 },
    ];
    const po = (await save(body)).json().data;
    await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, { emailTo: [approverId] });
    expect((await costOf()).avg_price).toBe(2.5); // waiting approval buys nothing yet
    await call(t, 'admin', 'PUT', `/admin/purchaseorders/approve/${po.id}`);
    const after = await costOf();
    expect(after.avg_price).toBe(3.5);
    expect(after.avg_total).toBe(7);
    await call(t, 'admin', 'POST', `/purchaseorders/cancel/${po.id}`, { reason: 'test' });
    expect((await costOf()).avg_price).toBe(2.5);
  });
});

describe('approval e-mail through a real SMTP peer', () => {
  it('reaches the approver', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => {
          data += c.toString();
        });
        stream.on('end', () => {
          received.push(data);
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.server.address() as { port: number }).port;
    const original = t.app.deps.mailer;
    t.app.deps.mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'BPM <bpm@localhost>',
      publicUrl: t.config.publicUrl,
      clock: t.clock,
      log: () => {},
    });
    try {
      const po = await poIn(t, refs, 'draft');
      const res = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, {
        emailTo: [approverId],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('olivia.chen@bpm.example.com');
      expect(received[0]).toContain(`/purchaseorders/edit/${po.id}`);
      expect(await countRows(t, 'mail_outbox')).toBeGreaterThan(0);
    } finally {
      t.app.deps.mailer = original;
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('approval e-mail link', () => {
  it('is built from PUBLIC_URL, never from the Host or X-Forwarded-Host of the request', async () => {
    // Behind a trusted proxy too: forwarded headers name the client's host, not where the portal is.
    const u = await createTestApp({ config: { publicUrl: 'https://bpm.example.com/portal', trustProxy: true } });
    try {
      // The production mailer (no SMTP_URL: the outbox table), built from the config as main.ts does.
      u.app.deps.mailer = createMailer({
        smtpUrl: '',
        from: 'BPM <bpm@localhost>',
        publicUrl: u.config.publicUrl,
        clock: u.clock,
        log: () => {},
      });
      const po = await poIn(u, await makeRefs(u), 'draft');
      const res = await u.app.inject({
        method: 'POST',
        url: `/api/purchaseorders/requestapproval/${po.id}`,
        headers: {
          ...(await u.as('purchase')),
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'http',
        },
        payload: { emailTo: [approverId] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (await u.database.db.execute(
        sql`select text from mail_outbox order by id desc limit 1`,
      )) as unknown as {
        rows: Array<{ text: string }>;
      };
      const text = rows.rows[0]!.text;
      expect(text).toContain(`Open it here: https://bpm.example.com/portal/purchaseorders/edit/${po.id}`);
      expect(text).not.toContain('evil.example');
    } finally {
      await u.close();
    }
  });
});

describe('purchasing overview', () => {
  it('lists drafts and waiting approval with counts, per supplier', async () => {
    const own = await makeRefs(t);
    await save(poBody(own));
    const w = (await save(poBody(own))).json().data;
    await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${w.id}`, { emailTo: [approverId] });
    const o = (await call(t, 'purchase', 'GET', `/dashboard/purchasing?supplier=${own.supplier.id}`)).json().data;
    expect(o.draft_count).toBe(1);
    expect(o.waitingapproval_count).toBe(1);
    expect(o.waitingapproval[0].id).toBe(w.id);
    expect((await call(t, 'qa', 'GET', '/dashboard/purchasing')).statusCode).toBe(403);
  });
});
