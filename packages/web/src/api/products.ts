import type { BomImportResult, BomLine, Product, ProductRow, ProductSales, TestStep } from '@bpm/contract/products';
import { rolePrefix } from '@bpm/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from './auth-store';
import { api } from './client';
import { csvExport, type PagedListParams, useAreaMutation, useEntity, useEntityList, useSaveEntity } from './entity';

export interface ProductListParams extends PagedListParams {
  status: 'all' | 'active' | 'inactive';
  StartDate?: number;
  EndDate?: number;
}

/** Products calls go through the caller's role prefix (`/admin/products`, `/sale/products`, …). */
export function useProductsBase(): string {
  const user = useCurrentUser();
  return `/${rolePrefix(user.user_role)}/products`;
}

const keys = {
  sales: (id: number, start?: number, end?: number) => ['products', 'sales', id, start, end] as const,
  bom: (id: number) => ['products', 'bom', id] as const,
  steps: (id: number) => ['products', 'steps', id] as const,
};

export function useProducts(p: ProductListParams) {
  const base = useProductsBase();
  return useEntityList<ProductRow>('products', base, p, [base]);
}

export function useProduct(id: number | undefined) {
  const base = useProductsBase();
  return useEntity<Product>('products', id, (id) => `${base}/${id}`, { toast: false, retry: false });
}

export function useProductSales(id: number, start: number | null, end: number | null, enabled: boolean) {
  const base = useProductsBase();
  return useQuery({
    queryKey: keys.sales(id, start ?? undefined, end ?? undefined),
    queryFn: () => api.get<ProductSales>(`${base}/sales/${id}`, { StartDate: start, EndDate: end }),
    enabled,
  });
}

/** Every products mutation refreshes the products lists, the product (bom_cost), its BOM and steps. */
function useProductsMutation<A, R>(fn: (a: A) => Promise<R>) {
  return useAreaMutation('products', fn);
}

/** POST …/products/save as multipart (fields + optional `product_image`); failures are toasted by the page. */
export function useSaveProduct() {
  const base = useProductsBase();
  return useSaveEntity<Product>('products', `${base}/save`, { toast: false });
}

export function useSetProductActive() {
  const base = useProductsBase();
  return useProductsMutation(({ id, active }: { id: number; active: boolean }) =>
    api.put<{ active: number; version: number }>(`${base}/${active ? 'enable' : 'disable'}/${id}`),
  );
}

export function useDeleteProductImage() {
  const base = useProductsBase();
  return useProductsMutation((id: number) =>
    api.post<{ product_image: null; version: number }>(`${base}/deleteImage/${id}`),
  );
}

export function useDownloadProductImage() {
  const base = useProductsBase();
  return (id: number) => api.download(`${base}/image/${id}`);
}

// ---- BOM ---------------------------------------------------------------------------------

export function useBom(productId: number) {
  return useQuery({
    queryKey: keys.bom(productId),
    queryFn: () => api.get<BomLine[]>(`/boms/product/${productId}`),
  });
}

export function useSaveBomLine() {
  return useProductsMutation((body: Record<string, unknown>) =>
    api.post<BomLine & { bom_cost: number }>('/boms/save', body),
  );
}

export function useDeleteBomLine() {
  return useProductsMutation((id: number) => api.delete<{ bom_cost: number }>(`/boms/delete/${id}`));
}

/** Import failures are shown by the tab (the server's message or 'Import failed'). */
export function useImportBom() {
  return useProductsMutation((body: { productId: number; bomData: Record<string, string>[]; replaceAll: boolean }) =>
    api.post<BomImportResult>('/boms/import', body, { toast: false }),
  );
}

export function useSaveBomRev() {
  return useProductsMutation((body: { productId: number; bomRev: string }) =>
    api.post<{ bom_rev: string }>('/boms/saveRev', body, { toast: false }),
  );
}

// ---- Product test checklist ----------------------------------------------------------------

export function useTestSteps(productId: number) {
  return useQuery({
    queryKey: keys.steps(productId),
    queryFn: async () =>
      (await api.get<TestStep[]>(`/productTestChecklist/byProduct/${productId}`)).sort(
        (a, b) => a.si_number - b.si_number,
      ),
  });
}

export function useSaveTestStep() {
  return useProductsMutation((body: { id?: number; product_id: number; test_desc: string }) =>
    api.post<TestStep>('/productTestChecklist/save', body),
  );
}

export function useDeleteTestStep() {
  return useProductsMutation((id: number) => api.delete<TestStep[]>(`/productTestChecklist/delete/${id}`));
}

export function useReorderTestStep() {
  return useProductsMutation((body: { checklist_id: number; new_si_number: number; product_id: number }) =>
    api.post<TestStep[]>('/productTestChecklist/reorder', body, { toast: false }),
  );
}

export function useSaveTestChecklistRev() {
  return useProductsMutation((body: { productId: number; testChecklistRev: string }) =>
    api.post<{ test_checklist_rev: string }>('/productTestChecklist/saveRev', body, { toast: false }),
  );
}

/** Part components for the BOM line pickers (search by part number, manufacturer or description). */
export function searchBomParts(search: string) {
  return api.list<{ id: number; manuf_part_number: string; manufacturer: string; description: string }>(
    '/partComponents',
    { search, limit: 20, sort: 'manuf_part_number', order: 'asc' },
    { toast: false },
  );
}

/** The products list's 'Export CSV' (the caller's role prefix). */
export function useProductsCsv() {
  return csvExport(useProductsBase());
}
