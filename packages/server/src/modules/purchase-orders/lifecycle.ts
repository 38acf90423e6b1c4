import { MSG } from '@bpm/contract/messages';
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { PO_MSG, toUsd } from '@bpm/contract/purchase-orders';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchaseOrders } from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { invalid } from '../../platform/errors';
import { sniff } from '../../platform/files';
import type { UploadedFile } from '../../platform/route';
import { storePoPdf, storeUploadedPdf } from './documents';
import { storeSnapshot } from './history';
import { actorOf, changePo, validateStored } from './service';

/** Approvers: active poapproval users and administrators (both may approve, section 6). */
export async function approvers(db: Db) {
  return db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      position: users.position,
      user_role: users.userRole,
      email: users.email,
    })
    .from(users)
    .where(and(inArray(users.userRole, ['poapproval', 'administrator']), eq(users.active, 1), eq(users.deleted, 0)))
    .orderBy(sql`${users.userRole} = 'administrator'`, asc(users.firstName), asc(users.lastName));
}

/** GET purchaseorders/users/poapproval: the approvers without their e-mail addresses. */
export async function approverOptions(db: Db) {
  return (await approvers(db)).map(({ email: _e, ...u }) => u);
}

/** Where the approval e-mail links to: the PO form under PUBLIC_URL (never the request's Host header). */
const poLink = (deps: Deps, id: number) => deps.mailer.link(`/purchaseorders/edit/${id}`);

/** The approval e-mail (docs/decisions.md, Purchasing). */
export function approvalMail(po: PurchaseOrder, requester: string, link: string) {
  const total = po.currency_amount.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  });
  return {
    subject: `Purchase order ${po.po_number} needs your approval`,
    text: [
      `${requester} asks you to approve purchase order ${po.po_number}.`,
      '',
      `Supplier: ${po.supplier_name}`,
      `Purpose: ${po.purpose}`,
      `Department: ${po.department}`,
      `Total: ${po.currency} ${total}`,
      '',
      `Open it here: ${link}`,
    ].join('\n'),
  };
}

/** Sends the PO for approval and mails the chosen approvers a link to it. */
export async function requestApproval(deps: Deps, id: number, emailTo: number[], user: AuthUser, now: number) {
  const link = poLink(deps, id);
  return changePo(deps.db, id, user, now, {
    action: 'purchaseOrders.requestApproval',
    verb: 'sent for approval',
    event: 'purchaseorder_approval_requested',
    async apply(tx, po) {
      const allowed = new Map((await approvers(tx)).map((a) => [a.id, a]));
      const chosen = [...new Set(emailTo)];
      if (chosen.some((u) => !allowed.has(u))) throw invalid({ emailTo: PO_MSG.approverUnknown });
      if (!po.parts.length) throw invalid({ parts: PO_MSG.noParts });
      return { status: 'waitingapproval' };
    },
    async after(tx, po) {
      const all = await approvers(tx);
      const me = await actorOf(tx, user.user_id);
      const mail = approvalMail(po, me.name || user.username, link);
      for (const a of all.filter((x) => emailTo.includes(x.id) && x.email)) {
        await deps.mailer.send(tx, { to: [a.email], ...mail });
      }
    },
    data: { emailTo },
  });
}

/** Approve (the PO PDF is rendered with the signatures, stored and kept in history) or reject. */
export async function approve(deps: Deps, id: number, decision: 'approve' | 'reject', user: AuthUser, now: number) {
  return changePo(deps.db, id, user, now, {
    action: 'purchaseOrders.approve',
    verb: decision === 'approve' ? 'approved' : 'rejected',
    event: decision === 'approve' ? 'purchaseorder_approved' : 'purchaseorder_rejected',
    async apply(tx) {
      if (decision === 'reject') return { status: 'rejected' };
      const me = await actorOf(tx, user.user_id);
      return {
        status: 'approved',
        approvedById: user.user_id,
        approvedByName: me.name,
        approvedByPosition: me.position,
      };
    },
    async after(tx, po) {
      if (decision === 'reject') return;
      const fileId = await storePoPdf(tx, deps.files, po, user.user_id, now);
      await tx.execute(sql`update ${purchaseOrders} set po_pdf_file_id = ${fileId} where id = ${po.id}`);
      await storeSnapshot(tx, { ...po, po_pdf: fileId }, 'approved', now);
    },
  });
}

export async function receive(db: Db, id: number, user: AuthUser, now: number) {
  return changePo(db, id, user, now, {
    action: 'purchaseOrders.receive',
    verb: 'marked as received',
    event: 'purchaseorder_received',
    async apply(_tx, po) {
      validateStored(po);
      return { status: 'received' };
    },
    after: (tx, po) => storeSnapshot(tx, po, 'received', now),
  });
}

export async function cancel(db: Db, id: number, reason: string, user: AuthUser, now: number) {
  return changePo(db, id, user, now, {
    action: 'purchaseOrders.cancel',
    verb: 'cancelled',
    event: 'purchaseorder_cancelled',
    apply: async () => ({ status: 'cancelled', cancelledReason: reason }),
  });
}

export async function saveShippingCost(
  db: Db,
  input: { id: number; shipping_cost: number; version?: number },
  user: AuthUser,
  now: number,
) {
  return changePo(db, input.id, user, now, {
    action: 'purchaseOrders.shippingCost',
    verb: 'given a shipping cost',
    event: 'purchaseorder_shipping_cost',
    version: input.version,
    // Entered in the PO currency, stored in USD: × rate (section 9).
    apply: async (_tx, po) => ({ shippingCost: String(toUsd(input.shipping_cost, po.currency_rate)) }),
  });
}

export async function saveAwb(
  db: Db,
  input: { id: number; awb_number: string; version?: number },
  user: AuthUser,
  now: number,
) {
  return changePo(db, input.id, user, now, {
    action: 'purchaseOrders.awb',
    verb: 'given an AWB number',
    event: 'purchaseorder_awb',
    version: input.version,
    apply: async () => ({ awbNumber: input.awb_number }),
  });
}

/** Checks an uploaded PDF by content before anything is written: a field error otherwise. */
export function pdfUpload(files: UploadedFile[], field: string, missing: string, maxBytes: number): UploadedFile {
  const f = files.find((x) => x.field === field);
  if (!f) throw invalid({ [field]: missing });
  if (f.data.length > maxBytes) throw invalid({ [field]: MSG.fileTooLarge });
  if (sniff(f.data) !== 'application/pdf') throw invalid({ [field]: MSG.pdfOnly });
  return f;
}

/** The payment status with its proof of payment (a checked PDF, stored with the change). */
export async function pay(deps: Deps, id: number, paid: 0 | 1 | 2, proof: UploadedFile, user: AuthUser, now: number) {
  return changePo(deps.db, id, user, now, {
    action: 'purchaseOrders.pay',
    verb: 'given a payment',
    event: 'purchaseorder_payment',
    apply: async (tx) => ({ paid, proofPaymentFileId: await storeUploadedPdf(tx, deps, user, proof, now) }),
  });
}

/** The supplier's quote (a checked PDF, stored with the change). */
export async function uploadQuote(deps: Deps, id: number, quote: UploadedFile, user: AuthUser, now: number) {
  return changePo(deps.db, id, user, now, {
    action: 'purchaseOrders.quote',
    verb: 'given a supplier quote',
    event: 'purchaseorder_supplier_quote',
    apply: async (tx) => ({ supplierQuoteFileId: await storeUploadedPdf(tx, deps, user, quote, now) }),
  });
}
