import type { PackingList, PackingListRow, PackingOrder, PackingOrderOption } from '@bpm/contract/packing-lists';
import { useQuery } from '@tanstack/react-query';
import { useCan } from './auth-store';
import { api, saveBlob } from './client';
import { useAreaMutation, useEntityList } from './entity';

const AREA = 'packingLists';

/** Shipping uses its own variant of the packing-list calls (document 2). */
export function usePackingBase() {
  const can = useCan();
  return can('packingLists.shipping') ? '/shipping/packinglists' : '/packinglists';
}

export function usePackingLists(params: Record<string, unknown>) {
  const base = usePackingBase();
  return useEntityList<PackingListRow>(AREA, base, params);
}

export function usePackingList(id: number | undefined) {
  const base = usePackingBase();
  return useQuery({
    queryKey: [AREA, 'detail', id ?? 0],
    queryFn: () => api.get<PackingList>(`${base}/${id}`, undefined, { toast: false }),
    enabled: !!id,
    retry: false,
  });
}

export function usePackingOrders(search: string) {
  const base = usePackingBase();
  return useQuery({
    queryKey: [AREA, 'orders', search],
    queryFn: () => api.get<PackingOrderOption[]>(`${base}/orders`, { search }),
  });
}

export function usePackingOrder(orderId: number | undefined) {
  const base = usePackingBase();
  return useQuery({
    queryKey: [AREA, 'order', orderId ?? 0],
    queryFn: () => api.get<PackingOrder>(`${base}/order/${orderId}`),
    enabled: !!orderId,
  });
}

export function useSavePackingList() {
  const base = usePackingBase();
  return useAreaMutation(AREA, (body: Record<string, unknown>) => api.post<PackingList>(`${base}/save`, body));
}

export function useDeletePackingList() {
  const base = usePackingBase();
  return useAreaMutation(AREA, (id: number) => api.put<{ id: number }>(`${base}/delete/${id}`));
}

export async function downloadPackingListPdf(id: number, admin: boolean) {
  const { blob, fileName } = await api.download(`${admin ? '/admin' : ''}/files/packing_list/packing_list_pdf/${id}`);
  saveBlob(blob, fileName);
}
