import type {
  QueueRow,
  StockProduct,
  TestChecklist,
  Tester,
  TestOrder,
  TestOrderRow,
  TestStep,
} from '@bpm/contract/test-checklists';
import { useQuery } from '@tanstack/react-query';
import { api, saveBlob } from './client';
import { useAreaMutation, useEntityList } from './entity';

/** Order and stock checklists share one cache area: a move between them refreshes both. */
const AREA = 'testChecklists';
export type ChecklistKind = 'order' | 'stock';
const base = (kind: ChecklistKind) => (kind === 'order' ? '/testChecklist' : '/stockTestChecklist');
const stepBase = (kind: ChecklistKind) => (kind === 'order' ? '/testChecklistStep' : '/stockTestChecklistStep');

export interface TestOrderListParams {
  search: string;
  dealer?: number;
  date_from?: number;
  date_to?: number;
  test_status: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function useTestOrders(p: TestOrderListParams) {
  return useEntityList<TestOrderRow>(AREA, '/testChecklist/order', p, ['orders']);
}

/** A work queue: `mine` (the caller's assigned checklists, by status) or `signoff` (passed, waiting for QA). */
export function useChecklistQueue(p: {
  view: 'mine' | 'signoff';
  test_status: string;
  search: string;
  limit: number;
  offset: number;
}) {
  return useEntityList<QueueRow>(AREA, '/testChecklist/queue', p, ['queue']);
}

/** How many checklists wait in a queue (the count beside the menu entry); off when `view` is undefined. */
export function useQueueCount(view: 'mine' | 'signoff' | undefined) {
  return useQuery({
    queryKey: [AREA, 'list', 'queue', 'count', view],
    queryFn: () => api.list<QueueRow>('/testChecklist/queue', { view, test_status: 'open', limit: 1, offset: 0 }),
    enabled: view !== undefined,
    select: (page) => page.total,
    staleTime: 60_000,
  });
}

export function useTestOrder(id: number) {
  return useQuery({
    queryKey: [AREA, 'order', id],
    queryFn: () => api.get<TestOrder>(`/testChecklist/order/${id}`, undefined, { toast: false }),
    retry: false,
  });
}

export function useStockProducts(p: Record<string, unknown>) {
  return useEntityList<StockProduct>(AREA, '/stockTestChecklist/product', p, ['stock']);
}

export function useStockProduct(id: number) {
  return useQuery({
    queryKey: [AREA, 'product', id],
    queryFn: () => api.get<StockProduct>(`/stockTestChecklist/product/${id}`, undefined, { toast: false }),
    enabled: id > 0,
    retry: false,
  });
}

export function useChecklist(kind: ChecklistKind, id: number) {
  return useQuery({
    queryKey: [AREA, 'checklist', kind, id],
    queryFn: () => api.get<TestChecklist>(`${base(kind)}/test/${id}`, undefined, { toast: false }),
    retry: false,
  });
}

/** One checklist as it is now (a stale edit's Reload). */
export function fetchChecklist(kind: ChecklistKind, id: number) {
  return api.get<TestChecklist>(`${base(kind)}/test/${id}`, undefined, { toast: false });
}

export function useSteps(kind: ChecklistKind, id: number) {
  return useQuery({
    queryKey: [AREA, 'steps', kind, id],
    queryFn: () => api.get<TestStep[]>(`${stepBase(kind)}/checklist/${id}`),
  });
}

export function useTesters(kind: ChecklistKind, enabled: boolean) {
  return useQuery({
    queryKey: [AREA, 'testers', kind],
    queryFn: () =>
      api.get<Tester[]>(
        kind === 'order' ? '/autocomplete/testChecklist/tester' : '/autocomplete/stockTestChecklist/tester',
      ),
    enabled,
    staleTime: 60_000,
  });
}

/** A checklist call of `kind`: the area refreshes afterwards. */
const useKindMutation = <A, R>(fn: (a: A) => Promise<R>) => useAreaMutation(AREA, fn);

/** Add (no `id`) or edit a checklist; quiet: the dialog shows the failure itself. */
export function useSaveChecklist(kind: ChecklistKind, id: number | undefined) {
  return useKindMutation((body: Record<string, unknown>) =>
    api.post<TestChecklist>(id ? `${base(kind)}/edit/${id}` : `${base(kind)}/add`, body, { toast: false }),
  );
}

export function useDeleteChecklist(kind: ChecklistKind, id: number) {
  return useKindMutation((_: undefined) => api.delete(`${base(kind)}/delete/${id}`));
}

/** Quiet: the page says 'Failed to sign checklist' with the server's reason. */
export function useSignQc(kind: ChecklistKind, id: number) {
  return useKindMutation((_: undefined) => api.post(`${base(kind)}/test/signQc/${id}`, undefined, { toast: false }));
}

/** Quiet: the page says 'Failed to approve checklist' with the server's reason. */
export function useApproveChecklist(kind: ChecklistKind, id: number) {
  return useKindMutation((_: undefined) => api.post(`${base(kind)}/test/approve/${id}`, undefined, { toast: false }));
}

export function useUpdateRevision(kind: ChecklistKind, id: number) {
  return useKindMutation((rev: string) =>
    api.post(`${base(kind)}/test/updateRevision/${id}`, { rev }, { toast: false }),
  );
}

export function useSaveSerials(kind: ChecklistKind, id: number) {
  return useKindMutation((serials: string[]) =>
    api.post<TestChecklist>(`${base(kind)}/test/saveSerials/${id}`, { serials }, { toast: false }),
  );
}

export function useSaveResult(kind: ChecklistKind, id: number) {
  return useKindMutation((b: { step_id: number; item_id: number; result: string }) =>
    api.post(`${base(kind)}/saveResult/${id}`, b, { toast: false }),
  );
}

/** Several result cells in one call (a row, a column); `result: null` clears a cell. */
export function useSaveResults(kind: ChecklistKind, id: number) {
  return useKindMutation((results: { step_id: number; item_id: number; result: string | null }[]) =>
    api.post(`${base(kind)}/saveResults/${id}`, { results }, { toast: false }),
  );
}

/** Add (no `id` in the body) or edit a test step. */
export function useSaveStep(kind: ChecklistKind) {
  return useKindMutation((body: Record<string, unknown>) => api.post(`${stepBase(kind)}/save`, body, { toast: false }));
}

export function useDeleteStep(kind: ChecklistKind) {
  return useKindMutation((id: number) => api.delete(`${stepBase(kind)}/delete/${id}`, { toast: false }));
}

export function useReorderSteps(kind: ChecklistKind, checklistId: number) {
  return useKindMutation((b: { step_id: number; new_si_number: number }) =>
    api.post(`${stepBase(kind)}/reorder`, { ...b, checklist_id: checklistId }, { toast: false }),
  );
}

/** Import to an order product the chosen stock checklists. */
export function useImportFromStock(orderProductId: number) {
  return useKindMutation((ids: number[]) =>
    api.post(
      `${base('order')}/importFromStock`,
      { order_product_id: orderProductId, stock_checklist_ids: ids },
      { toast: false },
    ),
  );
}

/** Export the chosen order checklists to stock; quiet: the dialog shows a failure. */
export function useExportToStock() {
  return useKindMutation((ids: number[]) =>
    api.post(`${base('order')}/exportToStock`, { test_checklist_ids: ids }, { toast: false }),
  );
}

/** Downloads a checklist PDF or an order's ZIP through the shared file call (administrators use /admin/files). */
export async function downloadChecklistFile(
  kind: 'test_checklist_pdf' | 'test_checklist_order_zip',
  id: number,
  admin: boolean,
) {
  const { blob, fileName } = await api.download(`${admin ? '/admin' : ''}/files/test_checklist/${kind}/${id}`);
  saveBlob(blob, fileName);
}
