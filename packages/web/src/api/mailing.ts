import type { DocumentMailBody, DocumentMailDraft, DocumentMailSent } from '@bpm/contract/mailing';
import { mailPaths } from '@bpm/contract/mailing';
import { encodeTimezone } from '@bpm/contract/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from './client';
import { browserTimezone } from './reports';

/** A document that can be sent to its dealer: an order's OC or invoice, or a dealer's statement of accounts. */
export type MailTarget =
  | { kind: 'order'; id: number; which: 'oc' | 'invoice' }
  | { kind: 'statement'; dealerId: number; start: number; end: number };

const pathOf = (t: MailTarget) =>
  t.kind === 'order' ? mailPaths.order(t.id, t.which) : mailPaths.statement(t.dealerId, t.start, t.end);
// The statement's dates are cut in the browser's time zone, as its download.
const queryOf = (t: MailTarget) =>
  t.kind === 'statement' ? { timezone: encodeTimezone(browserTimezone()) } : undefined;

/** What the send dialog offers: the dealer's addresses, the subject, the attachment (loaded when `enabled`). */
export function useMailDraft(target: MailTarget, enabled: boolean) {
  return useQuery({
    queryKey: ['mailing', pathOf(target)],
    queryFn: () => api.get<DocumentMailDraft>(pathOf(target), queryOf(target)),
    enabled,
    staleTime: 0,
  });
}

/** Sends the document; the record's history (orders' or dealers' events) refreshes. */
export function useSendMail(target: MailTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: DocumentMailBody) =>
      (await apiFetch<{ data: DocumentMailSent }>(pathOf(target), { method: 'POST', body, query: queryOf(target) }))
        .data,
    onSettled: () => qc.invalidateQueries({ queryKey: ['events'] }),
  });
}
