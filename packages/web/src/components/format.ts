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

/**
 * One date format everywhere (docs/decisions.md, Web app): the user's locale (the browser's language),
 * day, abbreviated month and 4-digit year — '24 Nov 2026' (en-GB), 'Nov 24, 2026' (en-US) — never an ambiguous
 * 03/04; times as the locale writes hours and minutes. `locale` is for tests; screens use the browser's.
 */
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const validSec = (sec: number | null | undefined): sec is number =>
  sec !== null && sec !== undefined && Number.isFinite(sec) && sec !== 0;

/**
 * One formatter per format and locale, made once: `Date#toLocaleDateString` with options builds a new one on
 * every call (about 30 times the cost of formatting), which a page of rows with dates pays per cell.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'datetime' | 'time', locale: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${locale ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, kind === 'date' ? DATE : kind === 'time' ? TIME : { ...DATE, ...TIME });
    formatters.set(key, f);
  }
  return f;
}

/** Unix seconds → the local date in the user's locale ('24 Nov 2026'); empty when absent. */
export function formatDate(sec: number | null | undefined, locale?: string): string {
  if (!validSec(sec)) return '';
  return formatter('date', locale).format(sec * 1000);
}

/** Unix seconds → local date and time in the user's locale ('24 Nov 2026, 17:05'); empty when absent. */
export function formatDateTime(sec: number | null | undefined, locale?: string): string {
  if (!validSec(sec)) return '';
  return formatter('datetime', locale).format(sec * 1000);
}

/** Unix seconds → the local time of day in the user's locale ('17:05', '05:05 PM'); empty when absent. */
export function formatTime(sec: number | null | undefined, locale?: string): string {
  if (!validSec(sec)) return '';
  return formatter('time', locale).format(sec * 1000);
}

/** Unix seconds → local 'YYYY-MM-DD', the value of a date input (not for display); empty when absent. */
export function unixToDateInput(sec: number | null | undefined): string {
  if (!validSec(sec)) return '';
  const d = new Date(sec * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The 409 message names the time of the other change in UTC ('… at 2026-11-24 16:05 UTC'): shown in the user's
 * local time and date format instead. Text without such a time is returned unchanged.
 */
export function localiseUtcTimes(message: string, locale?: string): string {
  return message.replace(/\b(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))? UTC\b/g, (_m, y, mo, d, h, mi, s) =>
    formatDateTime(Date.UTC(+y, +mo - 1, +d, +h, +mi, +(s ?? 0)) / 1000, locale),
  );
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

/** The pager's 'from–to of N'; 'of about N' when the server estimated the total (lists above 2,000 matches). */
export const pagerLabel = (from: number, to: number, count: number, estimated?: boolean) =>
  estimated ? `${from}–${to} of about ${count.toLocaleString('en-US')}` : `${from}–${to} of ${count}`;
