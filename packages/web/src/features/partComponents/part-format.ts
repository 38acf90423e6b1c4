/** Unit prices keep up to 6 decimals (parts cost fractions of a cent); at least 2. */
export function formatUnitPrice(value: number | null | undefined, prefix = 'US$'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  return value < 0 ? `-${prefix}${text}` : `${prefix}${text}`;
}

/** The default statistics window (section 9): one month back (local midnight) to the end of today (local). */
export function defaultStatisticsWindow(now = new Date()): { from: number; to: number } {
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  const lastOfPrev = new Date(now.getFullYear(), now.getMonth(), 0).getDate();
  const from = new Date(now.getFullYear(), now.getMonth() - 1, Math.min(now.getDate(), lastOfPrev));
  return { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) };
}
