import { z } from 'zod';
import { MAX_ID, optionalText } from './common';
import { MSG } from './messages';

/**
 * Sending a document to its dealer by e-mail (issue 24 item 2): the OC and the invoice from the order,
 * the statement of accounts from the reports screen. The dealer's addresses are offered; the document's
 * PDF goes attached, through the outbox; the record's history says who sent what to whom.
 */

export const MAIL_LABELS = {
  action: 'Send by e-mail',
  title: (document: string) => `Send ${document} by e-mail`,
  to: 'To',
  message: 'Message',
  attachment: 'Attachment',
  send: 'Send',
  cancel: 'Cancel',
} as const;

/** What each sendable document is called in the dialog, the subject and the history. */
export const MAIL_DOCUMENTS = {
  oc: 'Order Confirmation',
  invoice: 'Invoice',
  statement: 'Statement of Account',
} as const;

/** BPM's own messages (the spec has no e-mail of documents; docs/decisions.md, Sending documents). */
export const MAIL_MSG = {
  sent: (to: string[]) => `E-mail sent to ${to.join(', ')}`,
  chooseRecipient: 'Choose at least one e-mail address',
  notDealerAddress: 'Choose one of the dealer’s e-mail addresses',
  noAddresses: 'The dealer has no e-mail address: add one on the dealer first.',
  noOc: 'This order has no OC yet: generate or upload it first.',
  noInvoice: 'This order has no invoice yet: generate it first.',
} as const;

/** At most this many addresses per mail (the dealer's own: six fields, plus the order's two). */
const MAX_RECIPIENTS = 8;

/** POST …/email: the chosen addresses (each one the dialog offered) and the message above the attachment. */
export const documentMailBody = z.object({
  to: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: MSG.email })),
      { error: MAIL_MSG.chooseRecipient },
    )
    .min(1, { error: MAIL_MSG.chooseRecipient })
    .max(MAX_RECIPIENTS),
  message: optionalText(5000),
});
export type DocumentMailBody = z.infer<typeof documentMailBody>;

/** GET …/email: what the dialog offers — the addresses, the subject, the attachment's file name. */
export const documentMailDraft = z.object({
  /** The dealer's (and for an order, its billing and shipping) addresses, each once, with where it is from. */
  recipients: z.array(z.object({ email: z.string(), label: z.string() })),
  subject: z.string(),
  /** The attachment's file name; null when there is no document to send yet (`reason` says why). */
  attachment: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DocumentMailDraft = z.infer<typeof documentMailDraft>;

/** POST …/email: what was sent. */
export const documentMailSent = z.object({
  to: z.array(z.string()),
  subject: z.string(),
  attachment: z.string(),
});
export type DocumentMailSent = z.infer<typeof documentMailSent>;

const unixDay = () => z.coerce.number({ error: MSG.number }).int({ error: MSG.number }).min(0).max(32503680000);

/** The statement's path parameters (as its download's, without the format: the PDF is sent). */
export const statementMailParams = z
  .object({
    dealerId: z.coerce.number({ error: MSG.dealerUnknown }).int().positive().max(MAX_ID, { error: MSG.dealerUnknown }),
    startDate: unixDay(),
    endDate: unixDay(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.reportDatesReversed });
  });

/** The API paths (under /api) of sending; the web's api/mailing.ts builds its calls from these. */
export const mailPaths = {
  order: (id: number, which: 'oc' | 'invoice') => `/orders/${id}/email/${which}`,
  statement: (dealerId: number, start: number, end: number) =>
    `/sale/reports/dealerStatementOfAccounts/email/${dealerId}/${start}/${end}`,
};
