import type { Order, OrderSaveResponse, ProductOption } from '@bpm/contract/order-reads';
import type { OrderFileField } from '@bpm/contract/orders';
import { type Role, variantFor } from '@bpm/contract/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from './auth-store';
import { api, apiFetch, toFormData } from './client';

/** Orders and quotations share one editor; these describe which document and which role's calls. */
export type DocKind = 'order' | 'quotation';
/** sales = administrator and sale; shipping and production use their own path prefixes. */
export type DocVariant = 'sales' | 'shipping' | 'production';

export const variantOf = (role: Role): DocVariant => variantFor(role, ['sales', 'shipping', 'production']);

/** Who requests a document's deletion on a variant's screens: sale at /sale/…, production at /production/…. */
const DELETE_REQUESTER: Record<DocVariant, string> = { sales: 'sale', shipping: 'sale', production: 'production' };

/** The signed-in user's variant of the sales-document calls (features use this, not the role). */
export const useDocVariant = (): DocVariant => variantOf(useCurrentUser().user_role);

/** What every editor reads: the order fields (money fields absent for shipping/production orders). */
export type SalesDoc = Partial<Order> &
  Pick<Order, 'id' | 'dealer' | 'dealer_name' | 'date' | 'version' | 'products'> & {
    order_id?: number | null;
    quotation_id?: number | null;
  };

const area = (kind: DocKind) => (kind === 'order' ? 'orders' : 'quotations');
const prefix = (variant: DocVariant) => (variant === 'sales' ? '' : (`/${variant}` as const));
/** The list path prefix of a variant ('' for sales, '/shipping', '/production'). */
export const docListPrefix = prefix;

/** The role-variant paths of one kind (document 1 section 7). */
export function docPaths(kind: DocKind, variant: DocVariant) {
  const base = `${prefix(variant)}/${area(kind)}`;
  // Sale requests deletion at /sale/…; production (quotations only) at /production/….
  const requester = DELETE_REQUESTER[variant];
  return {
    detail: (id: number) => `${base}/${id}`,
    save: `${base}/save`,
    turnToOrder: (id: number) => `${base}/turn-to-order/${id}`,
    requestDelete: (id: number) => `/${requester}/${area(kind)}/delete/${id}`,
    cancelDelete: (id: number) => `/${requester}/${area(kind)}/delete/cancel/${id}`,
    adminDelete: (id: number) => `/admin/${area(kind)}/delete/${id}`,
    file: (field: OrderFileField, id: number, admin: boolean) =>
      `${admin ? '/admin' : ''}/files/${area(kind)}/${field}/${id}`,
  };
}

export const docKeys = {
  area: (kind: DocKind) => [area(kind)] as const,
  detail: (kind: DocKind, variant: DocVariant, id: number) => [area(kind), 'detail', variant, id] as const,
};

/** GET one order or quotation through the role's variant. */
export function useSalesDoc(kind: DocKind, variant: DocVariant, id: number | undefined) {
  return useQuery({
    queryKey: docKeys.detail(kind, variant, id ?? 0),
    queryFn: () => api.get<SalesDoc>(docPaths(kind, variant).detail(id ?? 0)),
    enabled: !!id,
    // An editor must not silently swap the record under the user's edits.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST …/save as multipart; answers the saved document and the credit-limit warning, if any. */
export async function saveDoc(path: string, fields: Record<string, unknown>): Promise<OrderSaveResponse<SalesDoc>> {
  return apiFetch<OrderSaveResponse<SalesDoc>>(path, { method: 'POST', body: toFormData(fields) });
}

/** Mutations of one kind invalidate that kind's lists (and, for confirmations, the orders too). */
function useDocMutation<A, R>(kinds: DocKind[], fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all(kinds.map((k) => qc.invalidateQueries({ queryKey: docKeys.area(k), refetchType: 'none' })));
      // The dashboard reads orders too.
      await qc.invalidateQueries({ queryKey: ['dashboard'], refetchType: 'none' });
    },
  });
}

export function useSaveDoc(kind: DocKind, variant: DocVariant) {
  return useDocMutation([kind], (fields: Record<string, unknown>) => saveDoc(docPaths(kind, variant).save, fields));
}

export type DeleteAction = 'request' | 'cancel' | 'delete';

export function useDeleteAction(kind: DocKind, variant: DocVariant) {
  return useDocMutation([kind], ({ id, action }: { id: number; action: DeleteAction }) => {
    const p = docPaths(kind, variant);
    const path =
      action === 'request' ? p.requestDelete(id) : action === 'cancel' ? p.cancelDelete(id) : p.adminDelete(id);
    return api.put<{ id: number; request_to_delete: number; deleted: number }>(path);
  });
}

/** PUT …/quotations/turn-to-order/{id}: the new order. */
export function useTurnToOrder(variant: DocVariant) {
  return useDocMutation(['quotation', 'order'], (id: number) =>
    apiFetch<OrderSaveResponse<SalesDoc>>(docPaths('quotation', variant).turnToOrder(id), { method: 'PUT' }),
  );
}

/** POST /orders/{id}/generate/{oc|invoice}: the server renders and attaches the PDF. */
export function useGenerateDocument() {
  return useDocMutation(['order'], ({ id, which }: { id: number; which: 'oc' | 'invoice' }) =>
    api.post<SalesDoc>(`/orders/${id}/generate/${which}`),
  );
}

export function downloadDocFile(kind: DocKind, field: OrderFileField, id: number, admin: boolean) {
  return api.download(docPaths(kind, 'sales').file(field, id, admin));
}

// --- Pickers used by the editor --------------------------------------------------------------

/** GET /autocomplete/products for the add-product dialog. */
export function useProductOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'product-options', search],
    queryFn: () => api.get<ProductOption[]>('/autocomplete/products', { search, limit: 50 }, { toast: false }),
    enabled,
    staleTime: 30_000,
  });
}
