import { dateInputToUnix, formatDate } from './format';

/**
 * Dates typed in the app's one format (docs/decisions.md, Web app: 'Nov 27, 2026' in en-US, '27 Nov 2026' in
 * en-GB) instead of the browser's native date input, which shows 11/27/2026. The form value stays a local
 * 'YYYY-MM-DD'.
 */

/** 'YYYY-MM-DD' → the app's date text ('Nov 27, 2026'); empty when absent or malformed. */
export function dateText(ymd: string, locale?: string): string {
  return formatDate(dateInputToUnix(ymd), locale);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day as 'YYYY-MM-DD', or null (31 February, month 13…). */
function ymdOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(year, month - 1, day);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Month names of the locale and of English, long and short, lower case → month number. */
function monthNames(locale?: string): Map<string, number> {
  const names = new Map<string, number>();
  for (const loc of [locale, 'en-US']) {
    for (const width of ['long', 'short'] as const) {
      const f = new Intl.DateTimeFormat(loc, { month: width, timeZone: 'UTC' });
      for (let m = 1; m <= 12; m++)
        names.set(
          f
            .format(Date.UTC(2024, m - 1, 15))
            .toLowerCase()
            .replace(/\.$/, ''),
          m,
        );
    }
  }
  return names;
}

/** Where day, month and year sit in the locale's numeric dates (en-US: month, day, year). */
function numericOrder(locale?: string): Array<'day' | 'month' | 'year'> {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(2024, 10, 27))
    .map((p) => p.type)
    .filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
}

/**
 * What a person typed → 'YYYY-MM-DD'; '' for an empty box; null when it is not a date. Accepts the app's
 * format ('Nov 27, 2026', '27 Nov 2026', a full month name), ISO '2026-11-27', and the locale's numeric
 * order ('11/27/2026' in en-US, '27/11/2026' in en-GB).
 */
export function parseDateText(text: string, locale?: string): string | null {
  const t = text.trim().toLowerCase();
  if (t === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return ymdOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const tokens = t.split(/[\s,./-]+/).filter(Boolean);
  const words = tokens.filter((w) => !/^\d+$/.test(w));
  const numbers = tokens.filter((w) => /^\d+$/.test(w));
  if (words.length === 1 && numbers.length === 2) {
    const month = monthNames(locale).get(words[0]!.replace(/\.$/, ''));
    const year = numbers.find((n) => n.length === 4);
    const day = numbers.find((n) => n !== year);
    if (!month || !year || !day) return null;
    return ymdOf(Number(year), month, Number(day));
  }
  if (words.length === 0 && numbers.length === 3) {
    const at = Object.fromEntries(numericOrder(locale).map((part, i) => [part, Number(numbers[i])]));
    if (numbers[numericOrder(locale).indexOf('year')]?.length !== 4) return null;
    return ymdOf(at.year!, at.month!, at.day!);
  }
  return null;
}
