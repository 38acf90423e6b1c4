import { z } from 'zod';
import { MAX_ID } from './common';
import { MSG } from './messages';
import type { Action } from './permissions';

// Reports (document 2 sections 2, 6, 7; columns and rules in docs/decisions.md, Reports & documents).

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_IDS = [
  'dealerStatementOfAccounts',
  'overdueInvoices',
  'shippingCost',
  'monthlySales',
  'topDealers',
  'salesBomCost',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_LABELS: Record<ReportId, string> = {
  dealerStatementOfAccounts: 'Dealer statement of accounts',
  overdueInvoices: 'Overdue Invoices',
  shippingCost: 'Shipping Cost',
  monthlySales: 'Monthly Sales',
  topDealers: 'Top Dealers',
  salesBomCost: 'Product Sales & Profitability',
};

/** Who may download each report (document 2 section 6). */
export const REPORT_ACTIONS: Record<ReportId, Action> = {
  dealerStatementOfAccounts: 'reports.dealerStatement',
  overdueInvoices: 'reports.overdueInvoices',
  shippingCost: 'reports.shippingCost',
  monthlySales: 'reports.monthlySales',
  topDealers: 'reports.topDealers',
  salesBomCost: 'reports.salesBomCost',
};

/** The spec's paths (under /api); the web builds its calls from these. */
export const reportPaths = {
  dealerStatementOfAccounts: (f: ReportFormat, dealerId: number, start: number, end: number) =>
    `/sale/reports/dealerStatementOfAccounts/${f}/${dealerId}/${start}/${end}`,
  overdueInvoices: (f: ReportFormat) => `/sale/reports/overdueInvoices/${f}`,
  shippingCost: (f: ReportFormat, company: string, start: number, end: number) =>
    `/shipping/reports/shippingCost/${f}/${encodeURIComponent(company)}/${start}/${end}`,
  monthlySales: (f: ReportFormat, year: number, month: number) => `/sale/reports/monthlySales/${f}/${year}/${month}`,
  topDealers: (f: ReportFormat, start: number, end: number, timezone: string) =>
    `/shipping/reports/topDealers/${f}/${start}/${end}/${encodeURIComponent(encodeTimezone(timezone))}`,
  salesBomCost: (f: ReportFormat) => `/sale/reports/salesBomCost/${f}`,
};

/** Shipping companies (document 2 section 7); 'other:' is followed by a list of names. */
export const SHIPPING_COMPANIES = ['all', 'DHL', 'FedEx', 'UPS', 'TNT'] as const;
export const OTHER_PREFIX = 'other:';

/** Top Dealers periods (document 2 section 9): latest 3, 6 or 12 months, or one of the last 12 months. */
export const TOP_DEALER_LATEST = [3, 6, 12] as const;

/** Base64 of the IANA time zone name, as the Top Dealers path carries it (UTF-8, standard alphabet). */
export function encodeTimezone(tz: string): string {
  const bytes = new TextEncoder().encode(tz);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function decodeTimezone(b64: string): string | null {
  try {
    const bin = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Zones found valid: building a DateTimeFormat to check one cost more than the rest of a tasks page's parsing. */
const knownZones = new Set<string>();

export function isTimezone(tz: string): boolean {
  if (knownZones.has(tz)) return true;
  if (!tz || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  // Bounded: zone names are case-insensitive, so the valid spellings are many more than the few hundred zones.
  if (knownZones.size < 1000) knownZones.add(tz);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Inputs

const format = z.enum(REPORT_FORMATS, { error: MSG.reportFormatInvalid });
/** Unix seconds. */
const unixDate = () =>
  z.coerce.number({ error: MSG.number }).int({ error: MSG.number }).min(0, { error: MSG.number }).max(32503680000, {
    error: MSG.number,
  });

const datesInOrder = <T extends { startDate: number; endDate: number }>(v: T, ctx: z.RefinementCtx) => {
  if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.reportDatesReversed });
};

/** A time zone, base64-encoded (path) — decoded and checked. */
export const timezoneParam = () =>
  z.string().transform((v, ctx) => {
    const tz = decodeTimezone(v);
    if (!tz || !isTimezone(tz)) {
      ctx.addIssue({ code: 'custom', message: MSG.reportTimezoneInvalid });
      return z.NEVER;
    }
    return tz;
  });

/** Every report also takes `?timezone=` (base64 IANA name) for dates and months; default UTC. */
export const reportQuery = z.object({ timezone: timezoneParam().optional() });

export const formatParams = z.object({ format });

export const dealerStatementParams = z
  .object({
    format,
    dealerId: z.coerce.number({ error: MSG.dealerUnknown }).int().positive().max(MAX_ID, { error: MSG.dealerUnknown }),
    startDate: unixDate(),
    endDate: unixDate(),
  })
  .superRefine(datesInOrder);

/** all, DHL, FedEx, UPS, TNT, or 'other:' + names separated by ',' or ';' (empty = none of the four). */
export const shippingCompany = z
  .string()
  .trim()
  .max(500)
  .transform((v, ctx) => {
    const known = SHIPPING_COMPANIES.find((c) => c.toLowerCase() === v.toLowerCase());
    if (known) return { kind: known, names: [] as string[] };
    if (v.toLowerCase().startsWith(OTHER_PREFIX)) {
      const names = v
        .slice(OTHER_PREFIX.length)
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (names.length <= 20 && names.every((n) => n.length <= 50))
        return { kind: 'other' as const, names: [...new Set(names)] };
    }
    ctx.addIssue({ code: 'custom', message: MSG.reportCompanyInvalid });
    return z.NEVER;
  });
export type ShippingCompany = z.infer<typeof shippingCompany>;

export const shippingCostParams = z
  .object({ format, company: shippingCompany, startDate: unixDate(), endDate: unixDate() })
  .superRefine(datesInOrder);

export const monthlySalesParams = z.object({
  format,
  year: z.coerce
    .number({ error: MSG.number })
    .int()
    .min(2000, { error: MSG.range(2000, 2100) })
    .max(2100, {
      error: MSG.range(2000, 2100),
    }),
  /** 1–12. */
  month: z.coerce
    .number({ error: MSG.number })
    .int()
    .min(1, { error: MSG.range(1, 12) })
    .max(12, {
      error: MSG.range(1, 12),
    }),
});

export const topDealersParams = z
  .object({ format, startDate: unixDate(), endDate: unixDate(), timezone: timezoneParam() })
  .superRefine(datesInOrder);

export const salesBomCostBody = z
  .object({
    /** Product ids; empty, absent or ['all'] means All Products. */
    productIds: z
      .preprocess(
        (v) => (v == null || (Array.isArray(v) && v.length === 1 && v[0] === 'all') ? [] : v),
        z.array(z.coerce.number({ error: MSG.productUnknown }).int().positive().max(MAX_ID)).max(1000),
      )
      .default([]),
    startDate: unixDate(),
    endDate: unixDate(),
  })
  .superRefine(datesInOrder);
export type SalesBomCostBody = z.infer<typeof salesBomCostBody>;

/** A file name with whitespace and special characters replaced (document 2 section 7). */
export function reportFileName(parts: ReadonlyArray<string | number>, f: ReportFormat): string {
  const base = parts
    .map((p) => String(p))
    .join('_')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '')
    .slice(0, 120);
  return `${base || 'report'}.${f}`;
}

// ---------------------------------------------------------------------------------------------
// Dealer statement of accounts: the pure rules (docs/decisions.md, Reports & documents). Days are
// 'YYYY-MM-DD' in the report's time zone; money is in cents (integers), so sums never drift.

/**
 * The days to pay that payment terms give: '100% 45 days' → 45, '50% advance / NET 30' → 30 (the
 * balance after the advance), '100% advance' → 0 (due at once); null when none can be read ('None').
 */
export function paymentTermsDays(terms: string): number | null {
  const t = terms.trim();
  const days = /(\d+)\s*days?\b/i.exec(t) ?? /\bnet\s*(\d+)\b/i.exec(t);
  if (days) return Number(days[1]);
  if (/\badvance\b/i.test(t)) return 0;
  return null;
}

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/** The calendar day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(dayMs(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / 86_400_000);
}

/**
 * An invoice's due day: the invoice day plus the days of the terms; when the terms give none, the
 * order's own payment due day, else the invoice day (due at once).
 */
export function statementDueDay(invoiceDay: string, terms: string, orderDueDay: string | null): string {
  const days = paymentTermsDays(terms);
  if (days != null) return addDays(invoiceDay, days);
  return orderDueDay || invoiceDay;
}

export const AGEING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  current: 'Current (not yet due)',
  d1_30: '1–30 days past due',
  d31_60: '31–60 days past due',
  d61_90: '61–90 days past due',
  over90: 'Over 90 days past due',
};

/** The bucket of an open amount `daysPastDue` days after its due day (0 or less: current). */
export function ageingBucket(daysPastDue: number): AgeingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'over90';
}

/** What is open at `asOfDay`, summed by bucket (cents); items: each invoice's open amount and due day. */
export function ageingSummary(
  items: ReadonlyArray<{ dueDay: string; open: number }>,
  asOfDay: string,
): Record<AgeingBucket, number> {
  const out = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Record<AgeingBucket, number>;
  for (const i of items) out[ageingBucket(daysBetween(i.dueDay, asOfDay))] += i.open;
  return out;
}

/** The balance after each line (cents), starting from `opening`: + debit − credit. */
export function runningBalances(opening: number, lines: ReadonlyArray<{ debit: number; credit: number }>): number[] {
  let balance = opening;
  return lines.map((l) => {
    balance += l.debit - l.credit;
    return balance;
  });
}

/** '1234.50' (SQL numeric text) → 123450 cents. */
export const toCents = (v: string | number | null | undefined): number => Math.round(Number(v ?? 0) * 100) || 0;
/** 123450 → '1234.50'; -5 → '-0.05'. */
export function fromCents(c: number): string {
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
