import type { User, UserRow } from '@bpm/contract/users';
import { api } from './client';
import { type PagedListParams, useAreaMutation, useEntity, useEntityList, useSaveEntity } from './entity';

export interface UserListParams extends PagedListParams {
  sort?: 'username' | 'active';
}

export function useUsers(p: UserListParams) {
  return useEntityList<UserRow>('users', '/admin/users', p);
}

export function useUser(id: number | undefined) {
  return useEntity<User>('users', id, (id) => `/admin/users/${id}`);
}

/** POST /admin/users/save as multipart (text fields + optional `signature_img` file). */
export function useSaveUser() {
  return useSaveEntity<User>('users', '/admin/users/save');
}

/** Delete failures produce no user-visible message (document 1 section 8): only logged. */
export function useDeleteUser() {
  return useAreaMutation('users', (id: number) => api.put(`/admin/users/delete/${id}`, undefined, { toast: false }));
}

export function useDeleteSignature() {
  return useAreaMutation('users', (id: number) => api.put(`/admin/users/signature/delete/${id}`));
}

export function downloadSignature(id: number) {
  return api.download(`/admin/users/signature/${id}`);
}
