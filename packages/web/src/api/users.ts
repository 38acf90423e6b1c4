import type { User, UserRow } from '@bpm/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface UserListParams {
  search: string;
  sort?: 'username' | 'active';
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const keys = {
  all: ['users'] as const,
  list: (p: UserListParams) => ['users', 'list', p] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function useUsers(p: UserListParams) {
  return useQuery({
    queryKey: keys.list(p),
    queryFn: () => api.list<UserRow>('/admin/users', { ...p }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => api.get<User>(`/admin/users/${id}`),
    enabled: !!id,
  });
}

/** Every users mutation refreshes the users lists and the edited user. */
function useUsersMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

/** POST /admin/users/save as multipart (text fields + optional `signature_img` file). */
export function useSaveUser() {
  return useUsersMutation((fields: Record<string, unknown>) => api.upload<User>('/admin/users/save', fields));
}

/** Delete failures produce no user-visible message (document 1 section 8): only logged. */
export function useDeleteUser() {
  return useUsersMutation((id: number) => api.put(`/admin/users/delete/${id}`, undefined, { toast: false }));
}

export function useSetUserActive() {
  return useUsersMutation(({ id, active }: { id: number; active: boolean }) =>
    api.put<{ active: number }>(`/admin/users/${active ? 'enable' : 'disable'}/${id}`),
  );
}

export function useDeleteSignature() {
  return useUsersMutation((id: number) => api.put(`/admin/users/signature/delete/${id}`));
}

export function downloadSignature(id: number) {
  return api.download(`/admin/users/signature/${id}`);
}
