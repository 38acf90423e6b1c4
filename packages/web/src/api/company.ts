import type { CompanySettings } from '@bpm/contract/company';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSaveEntity } from './entity';

/** GET /admin/company: the company block every document prints (the administrator's Settings page). */
export function useCompanySettings() {
  return useQuery({ queryKey: ['company', 'detail'], queryFn: () => api.get<CompanySettings>('/admin/company') });
}

/** POST /admin/company/save as multipart (text fields + optional `logo` file). */
export function useSaveCompanySettings() {
  return useSaveEntity<CompanySettings>('company', '/admin/company/save');
}

/** The stored logo (GET /files/company/logo/1). */
export function downloadCompanyLogo() {
  return api.download('/files/company/logo/1');
}
