import type {
  StockProduct,
  TestChecklist,
  Tester,
  TestOrder,
  TestOrderRow,
  TestStep,
} from '@bpm/contract/testChecklists';
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

/** Every checklist call: `fn` gets the api and the kind's paths; the area refreshes afterwards. */
export function useChecklistMutation<A, R>(
  kind: ChecklistKind,
  fn: (a: A, paths: { base: string; steps: string }) => Promise<R>,
) {
  return useAreaMutation(AREA, (a: A) => fn(a, { base: base(kind), steps: stepBase(kind) }));
}

export { api as checklistApi };

/** Downloads a checklist PDF or an order's ZIP through the shared file call (administrators use /admin/files). */
export async function downloadChecklistFile(
  kind: 'test_checklist_pdf' | 'test_checklist_order_zip',
  id: number,
  admin: boolean,
) {
  const { blob, fileName } = await api.download(`${admin ? '/admin' : ''}/files/test_checklist/${kind}/${id}`);
  saveBlob(blob, fileName);
}
