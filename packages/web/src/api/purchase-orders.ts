import type {
  ApprovalUser,
  LastRate,
  Lookup,
  PoHistoryRecord,
  PoHistoryRow,
  PoListAnswer,
  PoRow,
  PurchaseOrder,
  PurchasingOverview,
} from '@bpm/contract/purchase-order-reads';
import { type LookupKind, PO_MSG } from '@bpm/contract/purchase-orders';
import { rolePrefix, variantFor } from '@bpm/contract/roles';
import type { SupplierOption } from '@bpm/contract/suppliers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCurrentUser } from './auth-store';
import { api, apiFetch } from './client';
import { type PagedListParams, useAreaMutation, useEntity } from './entity';
import { toast } from './notify';

const AREA = 'purchaseorders';

export interface PoListParams extends PagedListParams {
  supplier?: number;
  start?: number;
  end?: number;
  status: string;
  paid: string;
}

/** GET /purchaseorders: rows, total and the USD amount of the filtered POs. Failed loads show an empty list. */
export function usePurchaseOrders(p: PoListParams) {
  return useQuery({
    queryKey: [AREA, 'list', p],
    queryFn: async () => {
      const b = await apiFetch<PoListAnswer>('/purchaseorders', { query: { ...p } });
      return { rows: b.data, total: b.total, estimated: b.total_estimated === 1, amount: b.amount, counted: b.counted };
    },
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: number | undefined) {
  return useEntity<PurchaseOrder>(AREA, id, (id) => `/purchaseorders/${id}`, { retry: false });
}

/** The POs waiting for approval (the administrator's dashboard card). */
export const waitingApprovalQuery = () =>
  queryOptions({
    queryKey: [AREA, 'waitingapproval'],
    queryFn: () => api.list<PoRow>('/purchaseorders/waitingapproval'),
  });

export function useWaitingApproval(enabled = true) {
  return useQuery({ ...waitingApprovalQuery(), enabled });
}

/** The purchasing overview of one supplier, or of all (≤ 0). */
export const purchasingOverviewQuery = (supplier: number) =>
  queryOptions({
    queryKey: [AREA, 'overview', supplier],
    queryFn: () =>
      api.get<PurchasingOverview>('/dashboard/purchasing', { supplier: supplier > 0 ? supplier : undefined }),
  });

export function usePurchasingOverview(supplier: number) {
  return useQuery(purchasingOverviewQuery(supplier));
}

/** The supplier picker's options (administrator and purchase only). */
export const supplierOptionsQuery = (search = '') =>
  queryOptions({
    queryKey: ['suppliers', 'options', search],
    queryFn: () => api.get<SupplierOption[]>('/autocomplete/suppliers', { search, limit: 200 }),
  });

export function useSupplierOptions(enabled: boolean, search = '') {
  return useQuery({ ...supplierOptionsQuery(search), enabled });
}

/** The rate of the newest PO in `currency` (the form's default when the currency changes); null: none yet. */
export function fetchLastRate(currency: string): Promise<LastRate> {
  return api.get<LastRate>(`/purchaseorders/rate/${encodeURIComponent(currency)}`, undefined, { toast: false });
}

export function useApprovers(enabled: boolean) {
  return useQuery({
    queryKey: [AREA, 'approvers'],
    queryFn: () => api.get<ApprovalUser[]>('/purchaseorders/users/poapproval'),
    enabled,
  });
}

export function useLookup(kind: LookupKind, search = '') {
  return useQuery({
    queryKey: [AREA, 'lookup', kind, search],
    queryFn: () => api.get<Lookup[]>(`/purchaseorders/${kind}`, { search }, { toast: false }),
  });
}

export function useSaveLookup(kind: LookupKind) {
  return useAreaMutation(AREA, (body: { id?: number; name: string }) =>
    api.post<Lookup>(`/admin/purchaseorders/${kind}/save`, body, { toast: false }),
  );
}

export function useDeleteLookup(kind: LookupKind) {
  return useAreaMutation(AREA, (id: number) =>
    api.put<{ id: number }>(`/admin/purchaseorders/${kind}/delete/${id}`, undefined, { toast: false }),
  );
}

export function useSavePo() {
  return useAreaMutation(AREA, (body: Record<string, unknown>) =>
    api.post<PurchaseOrder>('/purchaseorders/save', body, { toast: false }),
  );
}

/** A lifecycle call of one purchase order (its path and body are built here). */
export type PoAction =
  | { kind: 'approve' | 'reject'; id: number }
  | { kind: 'receive'; id: number }
  | { kind: 'requestApproval'; id: number; emailTo: number[] }
  | { kind: 'cancel'; id: number; reason: string }
  | { kind: 'shippingCost'; id: number; shipping_cost: number; version: number }
  | { kind: 'awb'; id: number; awb_number: string; version: number };

function poActionCall(a: PoAction, prefix: string): { method: 'POST' | 'PUT'; path: string; body?: unknown } {
  switch (a.kind) {
    case 'approve':
    case 'reject':
      return { method: 'PUT', path: `/${prefix}/purchaseorders/${a.kind}/${a.id}` };
    case 'receive':
      return { method: 'PUT', path: `/admin/purchaseorders/receive/${a.id}` };
    case 'requestApproval':
      return { method: 'POST', path: `/purchaseorders/requestapproval/${a.id}`, body: { emailTo: a.emailTo } };
    case 'cancel':
      return { method: 'POST', path: `/purchaseorders/cancel/${a.id}`, body: { reason: a.reason } };
    case 'shippingCost':
      return {
        method: 'POST',
        path: '/purchaseorders/saveShippingCost',
        body: { id: a.id, shipping_cost: a.shipping_cost, version: a.version },
      };
    case 'awb':
      return {
        method: 'POST',
        path: '/purchaseorders/saveAwb',
        body: { id: a.id, awb_number: a.awb_number, version: a.version },
      };
  }
}

/**
 * One lifecycle call: failures of approve, reject, receive, shipping cost, AWB and approval requests are only
 * logged. Approve and reject go through the caller's role prefix (`/admin/…`, `/poapproval/…`).
 */
export function usePoAction() {
  const { user_role } = useCurrentUser();
  return useAreaMutation(AREA, (a: PoAction) => {
    const c = poActionCall(a, rolePrefix(user_role));
    return c.method === 'PUT'
      ? api.put<PurchaseOrder>(c.path, c.body, { toast: false })
      : api.post<PurchaseOrder>(c.path, c.body, { toast: false });
  });
}

/** Proof of payment (`pay`: payment_status + proof_payment_pdf) or the supplier's quote (`quote`: supplier_quote_pdf). */
export function usePoUpload() {
  return useAreaMutation(AREA, (a: { kind: 'pay' | 'quote'; id: number; fields: Record<string, unknown> }) =>
    api.upload<PurchaseOrder>(`/purchaseorders/${a.kind}/${a.id}`, a.fields, { toast: false }),
  );
}

export function usePoHistory(id: number, p: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [AREA, 'history', id, p],
    queryFn: () => api.list<PoHistoryRow>(`/purchaseorders/history/po/${id}`, p),
    placeholderData: keepPreviousData,
  });
}

export function usePoHistoryRecord(id: number) {
  return useQuery({
    queryKey: [AREA, 'historyRecord', id],
    queryFn: () => api.get<PoHistoryRecord>(`/purchaseorders/history/${id}`),
  });
}

/** Downloads a PO file: `purchase_order/{field}/{poId}` or `purchase_order_history/{field}/{historyId}`. */
export function downloadPoFile(area: 'purchase_order' | 'purchase_order_history', field: string, id: number) {
  return api.download(`/files/${area}/${field}/${id}`);
}

/**
 * Approve / reject / receive from a dashboard list: the caller's own path variant (/poapproval/… for
 * the PO approver, /admin/… otherwise), the spec's toast; failures are only logged (section 8).
 */
export function usePoRowAction() {
  const action = useAreaMutation(AREA, (a: { kind: 'approve' | 'reject' | 'receive'; id: number; prefix: string }) =>
    api.put<PurchaseOrder>(poActionCall(a, a.prefix).path, undefined, { toast: false }),
  );
  const { user_role } = useCurrentUser();
  const prefix = variantFor(user_role, ['admin', 'poapproval']);
  return {
    busy: action.isPending,
    run: async (a: 'approve' | 'reject' | 'receive', id: number) => {
      try {
        await action.mutateAsync({ kind: a, id, prefix });
        toast(a === 'approve' ? PO_MSG.approved : a === 'reject' ? PO_MSG.rejected : PO_MSG.received, 'success');
      } catch (err) {
        console.error(err);
      }
    },
  };
}
