// Sending documents to the dealer by e-mail (issue 24 item 2): the OC, the invoice, the statement of accounts.
import { EVENTS } from '@bpm/contract/events';
import { MAIL_MSG } from '@bpm/contract/mailing';
import { PERMISSIONS } from '@bpm/contract/permissions';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { diskFileStore } from '../src/platform/files';
import { createMailer, type Mailer } from '../src/platform/mail';
import { createDealer, createOrder } from './factories/sales';
import { uniq } from './factories/uniq';
import { call, createTestApp, DAY, get, pdfText, rolesExcept, type TestApp } from './helpers';

let t: TestApp;
let original: Mailer;
beforeAll(async () => {
  t = await createTestApp();
  original = t.app.deps.mailer;
  // The production mailer without SMTP_URL: every mail lands in the outbox table.
  t.app.deps.mailer = createMailer({
    smtpUrl: '',
    from: 'BPM <bpm@localhost>',
    publicUrl: t.config.publicUrl,
    clock: t.clock,
    log: () => {},
  });
});
afterAll(() => t.close());

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ file_name: string; mime: string; sha256: string; size: number }>;
}
const lastMail = async () =>
  (
    await queryRows<OutboxRow>(
      t.database.db,
      sql`select "to", subject, text, attachments from mail_outbox order by id desc limit 1`,
    )
  )[0];
const outboxCount = async () =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mail_outbox`))[0]!.n);

async function dealerWithMail() {
  const tag = uniq('d').toLowerCase();
  return createDealer(t, {
    email: `orders-${tag}@dealer.example`,
    email2: `accounts-${tag}@dealer.example`,
    billing_email: `ORDERS-${tag}@dealer.example`,
  });
}

describe('e-mailing the OC and the invoice', () => {
  it('offers the dealer’s addresses once each, the subject and the attachment', async () => {
    const dealer = await dealerWithMail();
    const order = await createOrder(t, {}, dealer.id);
    const before = await call(t, 'sale', 'GET', `/orders/${order.id}/email/oc`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ attachment: null, reason: MAIL_MSG.noOc });
    expect(before.json().data.recipients.map((r: { email: string }) => r.email)).toEqual([dealer.email, dealer.email2]);
    await call(t, 'sale', 'POST', `/orders/${order.id}/generate/oc`);
    const draft = (await call(t, 'sale', 'GET', `/orders/${order.id}/email/oc`)).json().data;
    expect(draft.attachment).toBe(`${order.oc_ref}.pdf`);
    expect(draft.subject).toContain(`Order Confirmation ${order.oc_ref}`);
  });

  it('puts the mail with the stored PDF in the outbox and records it in the order’s history', async () => {
    const dealer = await dealerWithMail();
    const order = await createOrder(t, {}, dealer.id);
    await call(t, 'sale', 'POST', `/orders/${order.id}/generate/oc`);
    const res = await call(t, 'sale', 'POST', `/orders/${order.id}/email/oc`, {
      to: [String(dealer.email2).toUpperCase()],
      message: 'Dear partner, please find our order confirmation attached.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ to: [dealer.email2], attachment: `${order.oc_ref}.pdf` });

    const mail = (await lastMail())!;
    expect(mail.to).toBe(dealer.email2);
    expect(mail.text).toContain('Dear partner, please find our order confirmation attached.');
    expect(mail.attachments).toHaveLength(1);
    const [att] = mail.attachments;
    expect(att).toMatchObject({ file_name: `${order.oc_ref}.pdf`, mime: 'application/pdf' });
    // The attachment is the order's OC, byte for byte.
    const oc = await get(t, 'sale', `/api/files/orders/oc_pdf/${order.id}`);
    const kept = await diskFileStore(`${t.config.dataDir}/files`).get(att!.sha256);
    expect(Buffer.compare(kept, oc.rawPayload)).toBe(0);
    expect(att!.size).toBe(oc.rawPayload.length);

    const history = (await call(t, 'sale', 'GET', `/events/order/${order.id}`)).json().data;
    const sent = history.find((e: { event: string }) => e.event === EVENTS.order.ocSent);
    expect(sent.data).toMatchObject({ to: dealer.email2, attachment: `${order.oc_ref}.pdf`, oc_ref: order.oc_ref });
    // Not invoiced yet: the entry names no invoice (it would read 'Invoice: —').
    expect(order.invoice).toBeFalsy();
    expect(sent.data).not.toHaveProperty('invoice');
    expect(sent.username).toBe('sale');
  });

  it('refuses an address that is not the dealer’s, and an invoice that does not exist yet', async () => {
    const dealer = await dealerWithMail();
    const order = await createOrder(t, {}, dealer.id);
    await call(t, 'sale', 'POST', `/orders/${order.id}/generate/oc`);
    const n = await outboxCount();
    const other = await call(t, 'sale', 'POST', `/orders/${order.id}/email/oc`, { to: ['someone@elsewhere.example'] });
    expect(other.statusCode).toBe(400);
    expect(other.json().cause).toEqual({ to: MAIL_MSG.notDealerAddress });
    const none = await call(t, 'sale', 'POST', `/orders/${order.id}/email/oc`, { to: [] });
    expect(none.json().cause).toEqual({ to: MAIL_MSG.chooseRecipient });
    const invoice = await call(t, 'sale', 'POST', `/orders/${order.id}/email/invoice`, { to: [dealer.email] });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe(MAIL_MSG.noInvoice);
    expect(await outboxCount()).toBe(n);
  });

  it('who may see the document may send it', async () => {
    const dealer = await dealerWithMail();
    const order = await createOrder(t, {}, dealer.id);
    await call(t, 'sale', 'POST', `/orders/${order.id}/generate/invoice`);
    const allowed = PERMISSIONS['orders.sendInvoice'];
    expect(allowed).toEqual(expect.arrayContaining(['administrator', 'sale', 'shipping', 'production']));
    const shipping = await call(t, 'shipping', 'POST', `/orders/${order.id}/email/invoice`, { to: [dealer.email] });
    expect(shipping.statusCode, shipping.body).toBe(200);
    for (const role of rolesExcept(allowed))
      expect((await call(t, role, 'GET', `/orders/${order.id}/email/invoice`)).statusCode, role).toBe(403);
  });
});

describe('e-mailing the dealer statement', () => {
  it('attaches the statement PDF of the reports module and records it in the dealer’s history', async () => {
    const dealer = await dealerWithMail();
    await createOrder(t, { value: 1234.5, invoice: uniq('INV-M') }, dealer.id);
    const end = Math.floor(t.clock.now() / 1000) + DAY;
    const start = end - 60 * DAY;
    const url = `/sale/reports/dealerStatementOfAccounts/email/${dealer.id}/${start}/${end}`;
    const draft = await call(t, 'sale', 'GET', url);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.attachment).toMatch(/\.pdf$/);
    const res = await call(t, 'sale', 'POST', url, { to: [dealer.email], message: 'Your statement.' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await lastMail())!;
    expect(mail.to).toBe(dealer.email);
    const [att] = mail.attachments;
    expect(att!.file_name).toBe(draft.json().data.attachment);
    const pdf = await diskFileStore(`${t.config.dataDir}/files`).get(att!.sha256);
    const text = pdfText(pdf);
    expect(text).toContain(dealer.name);
    expect(text).toContain('1,234.50');
    const history = (await call(t, 'admin', 'GET', `/events?type=dealer&limit=10`)).json().data;
    const sent = history.find(
      (e: { event: string; data: { name?: string } }) =>
        e.event === EVENTS.dealer.statementSent && e.data.name === dealer.name,
    );
    expect(sent.data).toMatchObject({ to: dealer.email, attachment: att!.file_name });
    for (const role of rolesExcept(PERMISSIONS['reports.sendDealerStatement']))
      expect((await call(t, role, 'POST', url, { to: [dealer.email] })).statusCode, role).toBe(403);
  });
});

describe('through a real SMTP peer', () => {
  it('the attachment arrives byte-identical', async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.server.address() as { port: number }).port;
    const outbox = t.app.deps.mailer;
    t.app.deps.mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'BPM <bpm@localhost>',
      publicUrl: t.config.publicUrl,
      clock: t.clock,
      log: () => {},
    });
    try {
      const dealer = await dealerWithMail();
      const order = await createOrder(t, {}, dealer.id);
      await call(t, 'sale', 'POST', `/orders/${order.id}/generate/oc`);
      const res = await call(t, 'sale', 'POST', `/orders/${order.id}/email/oc`, { to: [dealer.email] });
      expect(res.statusCode, res.body).toBe(200);
      expect(received).toHaveLength(1);
      const raw = received[0]!.toString('latin1');
      expect(raw).toContain(String(dealer.email));
      // The PDF part: base64 between its headers' blank line and the next boundary.
      const part = raw.split(/\r?\n--/).find((p) => /content-type: application\/pdf/i.test(p));
      expect(part).toBeDefined();
      expect(part).toMatch(/content-transfer-encoding: base64/i);
      const body = part!
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('')
        .replace(/[\r\n]/g, '');
      const oc = await get(t, 'sale', `/api/files/orders/oc_pdf/${order.id}`);
      expect(Buffer.compare(Buffer.from(body, 'base64'), oc.rawPayload)).toBe(0);
      expect((await lastMail())!.attachments[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      t.app.deps.mailer = outbox;
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

afterAll(() => {
  t.app.deps.mailer = original;
});
