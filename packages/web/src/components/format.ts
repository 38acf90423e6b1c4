const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money with 2 decimals and comma thousands; `prefix` 'US$' or '$'. Empty for null/blank/non-numbers. */
export function formatMoney(value: number | string | null | undefined, prefix: 'US$' | '$' = '$'): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  const text = money.format(Math.abs(n));
  return n < 0 ? `-${prefix}${text}` : `${prefix}${text}`;
}

/** Unit prices keep up to 6 decimals (parts cost fractions of a cent); at least 2. */
export function formatUnitPrice(value: number | null | undefined, prefix = 'US$'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  return value < 0 ? `-${prefix}${text}` : `${prefix}${text}`;
}

/** The default statistics window (document 2 section 9): one month back (local midnight) to the end of today. */
export function defaultStatisticsWindow(now = new Date()): { from: number; to: number } {
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  // Same day of the previous month, clamped to its length (31 March → 28/29 February).
  const lastOfPrev = new Date(now.getFullYear(), now.getMonth(), 0).getDate();
  const from = new Date(now.getFullYear(), now.getMonth() - 1, Math.min(now.getDate(), lastOfPrev));
  return { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → local 'YYYY-MM-DD'; empty when absent. */
export function formatDate(sec: number | null | undefined): string {
  if (sec === null || sec === undefined || !Number.isFinite(sec) || sec === 0) return '';
  const d = new Date(sec * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Unix seconds → local 'YYYY-MM-DD HH:mm:ss'; empty when absent. */
export function formatDateTime(sec: number | null | undefined): string {
  if (sec === null || sec === undefined || !Number.isFinite(sec) || sec === 0) return '';
  const d = new Date(sec * 1000);
  return `${formatDate(sec)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Local 'YYYY-MM-DD' (date input value) → unix seconds at local midnight, or `endOfDay` at 23:59:59. */
export function dateInputToUnix(value: string, endOfDay = false): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    endOfDay ? 23 : 0,
    endOfDay ? 59 : 0,
    endOfDay ? 59 : 0,
  );
  return Math.floor(d.getTime() / 1000);
}

/** Any value as short readable text for tables (events data, etc.): never raw JSON for scalars. */
export function displayValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(displayValue).join(', ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${displayValue(x)}`)
      .join('; ');
  return String(v);
}
