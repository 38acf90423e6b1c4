import type {
  ApprovalUser,
  Lookup,
  PoHistoryRecord,
  PoHistoryRow,
  PoListAnswer,
  PoRow,
  PurchaseOrder,
  PurchasingOverview,
} from '@bpm/contract/purchaseOrderReads';
import { type LookupKind, PO_MSG } from '@bpm/contract/purchaseOrders';
import { variantFor } from '@bpm/contract/roles';
import type { SupplierOption } from '@bpm/contract/suppliers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
      return { rows: b.data, total: b.total, estimated: b.total_estimated === 1, amount: b.amount };
    },
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: number | undefined) {
  return useEntity<PurchaseOrder>(AREA, id, (id) => `/purchaseorders/${id}`, { retry: false });
}

export function useWaitingApproval(enabled = true) {
  return useQuery({
    queryKey: [AREA, 'waitingapproval'],
    queryFn: () => api.list<PoRow>('/purchaseorders/waitingapproval'),
    enabled,
  });
}

export function usePurchasingOverview(supplier: number) {
  return useQuery({
    queryKey: [AREA, 'overview', supplier],
    queryFn: () =>
      api.get<PurchasingOverview>('/dashboard/purchasing', { supplier: supplier > 0 ? supplier : undefined }),
  });
}

/** The supplier picker (administrator and purchase only). */
export function useSupplierOptions(enabled: boolean, search = '') {
  return useQuery({
    queryKey: ['suppliers', 'options', search],
    queryFn: () => api.get<SupplierOption[]>('/autocomplete/suppliers', { search, limit: 200 }),
    enabled,
  });
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

/** One lifecycle call: failures of approve, reject, receive, shipping cost, AWB and approval requests are only logged. */
export function usePoAction() {
  return useAreaMutation(AREA, (a: { method: 'POST' | 'PUT'; path: string; body?: unknown; toast?: boolean }) =>
    a.method === 'PUT'
      ? api.put<PurchaseOrder>(a.path, a.body, { toast: a.toast ?? false })
      : api.post<PurchaseOrder>(a.path, a.body, { toast: a.toast ?? false }),
  );
}

export function usePoUpload() {
  return useAreaMutation(AREA, (a: { path: string; fields: Record<string, unknown> }) =>
    api.upload<PurchaseOrder>(a.path, a.fields, { toast: false }),
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
  const action = usePoAction();
  const { user_role } = useCurrentUser();
  const prefix = variantFor(user_role, ['admin', 'poapproval']);
  return {
    busy: action.isPending,
    run: async (a: 'approve' | 'reject' | 'receive', id: number) => {
      try {
        await action.mutateAsync({
          method: 'PUT',
          path: `/${a === 'receive' ? 'admin' : prefix}/purchaseorders/${a}/${id}`,
        });
        toast(a === 'approve' ? PO_MSG.approved : a === 'reject' ? PO_MSG.rejected : PO_MSG.received, 'success');
      } catch (err) {
        console.error(err);
      }
    },
  };
}
