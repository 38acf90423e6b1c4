// Sending a document to its dealer by e-mail (issue 24 item 2; docs/decisions.md, Sending documents):
// the dealer's addresses are offered and only those are accepted; the document's PDF goes attached
// through the outbox (platform/mail.ts); the record's history gets one event naming who was sent what.
import type { Dealer } from '@bpm/contract/dealers';
import { EVENTS, type EventName } from '@bpm/contract/events';
import {
  type DocumentMailBody,
  type DocumentMailDraft,
  type DocumentMailSent,
  MAIL_DOCUMENTS,
  MAIL_MSG,
} from '@bpm/contract/mailing';
import { reportFileName } from '@bpm/contract/reports';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { invalid, invalidState } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import type { MailAttachment } from '../../platform/mail';
import { companyForDocuments, companyName } from '../company/service';
import { DEALER_ENTITY, getDealer } from '../dealers/service';
import { reportPdf } from '../reports/pdf';
import { dealerStatement } from '../reports/service';
import { fileIdOf } from '../sales-docs/files';
import { getDoc } from '../sales-docs/read';

type Recipient = DocumentMailDraft['recipients'][number];

/** The dealer's addresses (and the order's billing and shipping ones), each once, in the dealer form's order. */
function recipientsOf(dealer: Dealer, order?: { billing_email: string; shipping_email: string }): Recipient[] {
  const all: Array<[string, string]> = [
    [dealer.email, 'E-mail'],
    [dealer.email2, 'E-mail 2'],
    [dealer.email3, 'E-mail 3'],
    [dealer.email4, 'E-mail 4'],
    [dealer.billing_email, 'Billing'],
    [dealer.shipping_email, 'Shipping'],
    ...(order
      ? ([
          [order.billing_email, 'Order billing'],
          [order.shipping_email, 'Order shipping'],
        ] as Array<[string, string]>)
      : []),
  ];
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const [raw, label] of all) {
    const email = raw.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.add(email);
    out.push({ email, label });
  }
  return out;
}

/** Refuses an address the dialog did not offer: documents go to the dealer, nowhere else. */
function checkRecipients(offered: Recipient[], to: string[]): string[] {
  if (!offered.length) throw invalidState(MAIL_MSG.noAddresses);
  const allowed = new Set(offered.map((r) => r.email));
  const chosen = [...new Set(to)];
  if (chosen.some((e) => !allowed.has(e))) throw invalid({ to: MAIL_MSG.notDealerAddress });
  return chosen;
}

/** The text of the mail: the person's message, then what is attached and who sent it. */
function mailText(message: string, document: string, fileName: string, sender: string): string {
  return [message.trim(), `${document}: ${fileName} (attached)`, sender ? `Sent by ${sender}` : '']
    .filter(Boolean)
    .join('\n\n');
}

async function senderOf(db: Db, user: AuthUser): Promise<{ name: string; email: string }> {
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, user.user_id));
  const name = `${u?.first ?? ''} ${u?.last ?? ''}`.trim() || user.username;
  return { name, email: u?.email ?? '' };
}

// ---------------------------------------------------------------------------------------------
// The OC and the invoice of an order: the stored document (generated or uploaded) goes attached.

async function orderContext(db: Db, id: number, which: 'oc' | 'invoice') {
  const order = await getDoc(db, 'order', id);
  const dealer = await getDealer(db, order.dealer);
  const fileId = await fileIdOf('order', which === 'oc' ? 'oc_pdf' : 'invoice_pdf')(db, id);
  const [file] = fileId
    ? await db
        .select({ name: files.fileName, sha: files.sha256, mime: files.mime })
        .from(files)
        .where(eq(files.id, fileId))
    : [];
  const ref = which === 'oc' ? order.oc_ref || `#${order.id}` : order.invoice || `#${order.id}`;
  const subject = `${MAIL_DOCUMENTS[which]} ${ref} — ${await companyName(db)}`;
  return { order, dealer, file, subject, recipients: recipientsOf(dealer, order) };
}

/** GET /orders/{id}/email/{oc|invoice}: the addresses offered, the subject, the attachment (or why none). */
export async function orderMailDraft(db: Db, id: number, which: 'oc' | 'invoice'): Promise<DocumentMailDraft> {
  const c = await orderContext(db, id, which);
  return {
    recipients: c.recipients,
    subject: c.subject,
    attachment: c.file?.name ?? null,
    reason: c.file ? null : which === 'oc' ? MAIL_MSG.noOc : MAIL_MSG.noInvoice,
  };
}

/** POST /orders/{id}/email/{oc|invoice}: mails the order's stored OC or invoice; the order's history says so. */
export async function sendOrderDocument(
  deps: Deps,
  id: number,
  which: 'oc' | 'invoice',
  body: DocumentMailBody,
  user: AuthUser,
  now: number,
): Promise<DocumentMailSent> {
  const c = await orderContext(deps.db, id, which);
  if (!c.file) throw invalidState(which === 'oc' ? MAIL_MSG.noOc : MAIL_MSG.noInvoice);
  const to = checkRecipients(c.recipients, body.to);
  const data = await deps.files.get(c.file.sha);
  const event = which === 'oc' ? EVENTS.order.ocSent : EVENTS.order.invoiceSent;
  return send(deps, user, now, {
    to,
    subject: c.subject,
    message: body.message,
    document: MAIL_DOCUMENTS[which],
    attachment: { fileName: c.file.name, mime: c.file.mime, data, sha256: c.file.sha },
    // The references the order has (an OC sent before invoicing names no invoice).
    history: {
      entityType: 'order',
      entityId: id,
      event,
      label: Object.fromEntries(
        Object.entries({ oc_ref: c.order.oc_ref, invoice: c.order.invoice }).filter(([, v]) => v),
      ),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The dealer's statement of accounts: rendered now by the reports module, recorded on the dealer.

const dayOf = (sec: number, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    sec * 1000,
  );

async function statementContext(db: Db, dealerId: number, start: number, end: number, tz: string) {
  const dealer = await getDealer(db, dealerId);
  const period = `${dayOf(start, tz)} to ${dayOf(end, tz)}`;
  const subject = `${MAIL_DOCUMENTS.statement} ${dealer.name}, ${period} — ${await companyName(db)}`;
  return { dealer, subject, period, recipients: recipientsOf(dealer) };
}

/** GET /sale/reports/dealerStatementOfAccounts/email/…: the addresses offered, the subject, the file name. */
export async function statementMailDraft(
  db: Db,
  dealerId: number,
  start: number,
  end: number,
  tz: string,
): Promise<DocumentMailDraft> {
  const c = await statementContext(db, dealerId, start, end, tz);
  const report = await dealerStatement(db, dealerId, start, end, tz);
  return {
    recipients: c.recipients,
    subject: c.subject,
    attachment: reportFileName(report.fileParts, 'pdf'),
    reason: null,
  };
}

/** POST …: renders the statement PDF (the reports module's, as downloaded) and mails it; the dealer's history says so. */
export async function sendStatement(
  deps: Deps,
  p: { dealerId: number; startDate: number; endDate: number },
  tz: string,
  body: DocumentMailBody,
  user: AuthUser,
  now: number,
): Promise<DocumentMailSent> {
  const c = await statementContext(deps.db, p.dealerId, p.startDate, p.endDate, tz);
  const to = checkRecipients(c.recipients, body.to);
  const report = await dealerStatement(deps.db, p.dealerId, p.startDate, p.endDate, tz);
  const generatedAt = `${new Date(now * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  const data = await reportPdf(report, generatedAt, await companyForDocuments(deps.db, deps.files));
  const sha256 = await deps.files.put(data);
  return send(deps, user, now, {
    to,
    subject: c.subject,
    message: body.message,
    document: MAIL_DOCUMENTS.statement,
    attachment: { fileName: reportFileName(report.fileParts, 'pdf'), mime: 'application/pdf', data, sha256 },
    history: {
      entityType: DEALER_ENTITY,
      entityId: p.dealerId,
      event: EVENTS.dealer.statementSent,
      label: { name: c.dealer.name, period: c.period },
    },
  });
}

// ---------------------------------------------------------------------------------------------

interface Outgoing {
  to: string[];
  subject: string;
  message: string;
  document: string;
  attachment: MailAttachment;
  history: { entityType: string; entityId: number; event: EventName; label: Record<string, unknown> };
}

/** The mail into the outbox and its event into the record's history, in one transaction. */
async function send(deps: Deps, user: AuthUser, now: number, m: Outgoing): Promise<DocumentMailSent> {
  const sender = await senderOf(deps.db, user);
  await deps.db.transaction(async (tx) => {
    await deps.mailer.send(tx, {
      to: m.to,
      subject: m.subject,
      text: mailText(m.message, m.document, m.attachment.fileName, sender.name),
      ...(sender.email ? { replyTo: sender.email } : {}),
      attachments: [m.attachment],
    });
    await recordEvent(
      tx,
      user,
      {
        entityType: m.history.entityType,
        entityId: m.history.entityId,
        event: m.history.event,
        data: {
          ...m.history.label,
          to: m.to.join(', '),
          subject: m.subject,
          attachment: m.attachment.fileName,
          message: m.message,
        },
      },
      now,
    );
  });
  return { to: m.to, subject: m.subject, attachment: m.attachment.fileName };
}
