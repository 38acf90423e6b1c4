import type { ProductOption } from '@bpm/contract/order-reads';
import type { ReportFormat } from '@bpm/contract/reports';
import { encodeTimezone } from '@bpm/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { api, apiFetchRaw, saveBlob } from './client';

/** The browser's IANA time zone (reports cut days and months in it). */
export const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function fileName(res: Response, fallback: string): string {
  const cd = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(cd)?.[1] ?? fallback;
}

/** Downloads a report file and saves it; failures throw (the form shows them in an alert). */
export async function downloadReport(path: string, format: ReportFormat, body?: unknown): Promise<string> {
  const res = await apiFetchRaw(path, {
    method: body === undefined ? 'GET' : 'POST',
    body,
    query: { timezone: encodeTimezone(browserTimezone()) },
    toast: false,
  });
  const blob = await res.blob();
  const name = fileName(res, `report.${format}`);
  saveBlob(blob, name);
  return name;
}

/** Products for the profitability picker (code and description). */
export function useReportProductOptions(search: string) {
  return useQuery({
    queryKey: ['reports', 'product-options', search],
    queryFn: () => api.get<ProductOption[]>('/autocomplete/products', { search, limit: 100 }, { toast: false }),
    staleTime: 30_000,
  });
}
