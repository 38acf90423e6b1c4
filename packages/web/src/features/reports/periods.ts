import { TOP_DEALER_LATEST } from '@bpm/contract/reports';

export interface Period {
  value: string;
  label: string;
  start: number;
  end: number;
}

const sec = (d: Date) => Math.floor(d.getTime() / 1000);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Top Dealers periods (document 2 section 9), in the browser's zone: the latest 3, 6 or 12 months
 * (the current month and the ones before it, up to the end of today), or one of the last 12 calendar months.
 */
export function topDealerPeriods(now = new Date()): Period[] {
  const endToday = sec(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59));
  const out: Period[] = TOP_DEALER_LATEST.map((n) => ({
    value: `latest${n}`,
    label: `Latest ${n} months`,
    start: sec(new Date(now.getFullYear(), now.getMonth() - (n - 1), 1)),
    end: endToday,
  }));
  for (let i = 0; i < 12; i++) {
    const first = new Date(now.getFullYear(), now.getMonth() - i, 1);
    out.push({
      value: `month${i}`,
      label: `${MONTHS[first.getMonth()]} ${first.getFullYear()}`,
      start: sec(first),
      end: Math.min(sec(new Date(first.getFullYear(), first.getMonth() + 1, 1)) - 1, endToday),
    });
  }
  return out;
}

/** 'YYYY-MM' of the current month (the month picker's maximum: no future months). */
export function currentMonthValue(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}
