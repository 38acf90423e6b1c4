import { z } from 'zod';
import { MSG } from './messages';

/** The longest text any field takes (notes and addresses included): nothing unbounded is stored or audited. */
export const TEXT_MAX = 10_000;

/** A required text field: missing, non-string or whitespace-only gives 'required field'. */
export const requiredText = (max = TEXT_MAX) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: MSG.maxLength(max) });

/** An optional text field; null and undefined become ''. */
export const optionalText = (max = TEXT_MAX) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: MSG.required })
      .trim()
      .max(max, { error: MSG.maxLength(max) }),
  );

/** An optional e-mail: empty is allowed, anything else must be a valid address. */
export const optionalEmail = () =>
  optionalText().refine((v) => v === '' || z.email().safeParse(v).success, { error: MSG.email });

/** A required e-mail. */
export const requiredEmail = () => requiredText().refine((v) => z.email().safeParse(v).success, { error: MSG.email });

/** Form fields arrive as strings: '' and null become undefined ("not given"), numeric strings numbers. */
export const toNumber = (v: unknown) => {
  if (v === '' || v == null) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
  return v;
};

/** A number (form fields arrive as strings); '' and null mean "not given". */
export const optionalNumber = () =>
  z.preprocess(toNumber, z.number({ error: MSG.number }).finite({ error: MSG.number }).optional());

export const requiredNumber = () =>
  z.preprocess(
    toNumber,
    z.number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) }).finite({ error: MSG.number }),
  );

/** A required price or amount: not negative, at most 999,999,999,999. */
export const requiredPrice = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .finite({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(999_999_999_999, { error: MSG.number }),
  );

/** A number within [min, max] with the spec's range message. */
export const rangedNumber = (min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .finite({ error: MSG.number })
      .min(min, { error: MSG.range(min, max) })
      .max(max, { error: MSG.range(min, max) }),
  );

/** 0/1 flags; accepts booleans and 'true'/'false'/'1'/'0' from forms. */
export const flag = () =>
  z.preprocess(
    (v) => {
      if (v === true || v === 'true' || v === '1' || v === 1) return 1;
      if (v === false || v === 'false' || v === '0' || v === 0 || v === '' || v == null) return 0;
      return v;
    },
    z.union([z.literal(0), z.literal(1)], { error: MSG.number }),
  );

/** The last second of year 9999: every date in the contract is bounded by it (JS dates and timestamps hold it). */
export const MAX_UNIX_SECONDS = 253_402_300_799;

/**
 * An optional date filter of a list's query string, in unix seconds: absent or empty is no filter;
 * anything but a whole number from 1970 to year 9999 is refused with 'Please enter a valid number'.
 */
export const optionalUnixQuery = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: MSG.number })
      .int({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(MAX_UNIX_SECONDS, { error: MSG.number })
      .optional(),
  );

/** The largest id a (serial) column holds; larger ones can name no record. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a path or body. */
export const idParam = z.coerce
  .number({ error: MSG.notFound })
  .int({ error: MSG.notFound })
  .positive({ error: MSG.notFound })
  .max(MAX_ID, { error: MSG.notFound });
export const idParams = z.object({ id: idParam });

/** A comma-separated query list (`ids=1,2,3`): each part trimmed, blanks dropped, at most `max` parts. */
export const commaList = <T extends z.ZodType>(item: T, max = 500) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item).max(max),
  );

/** The answer of a change that returns only the record's id (deletes, status changes). */
export const idAnswer = z.object({ id: z.number().int() });

/** Optional id on save: absent, '', 0 or null means "new". */
export const optionalId = () =>
  z.preprocess(
    (v) => (v === '' || v == null || v === 0 || v === '0' ? undefined : v),
    z.coerce.number().int().positive().max(MAX_ID, { error: MSG.notFound }).optional(),
  );

/** Paging and search of every server-paged list. */
/** What enabling or disabling a record answers: the flag and the record's new version. */
export const activeAnswer = z.object({ active: z.number().int(), version: z.number().int() });

export const listQuery = z.object({
  // Without `limit` a server-paged list answers 25 rows (doc 1 §9, docs/decisions.md).
  limit: z.coerce.number().int().min(1).max(500).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional().default(''),
  sort: z.string().trim().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** A page of rows and the total count, answered by every server-paged list. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * The figures beside a large list's page: `total`, exact up to a threshold; above it the database's
 * estimate and `total_estimated: 1` (the footer then says 'about'; docs/decisions.md).
 */
export const listTotalMeta = z.object({
  total: z.number().int(),
  /** 1: `total` is an estimate (many rows match); 0: exact. */
  total_estimated: z.union([z.literal(0), z.literal(1)]),
});

/** Page sizes the tables offer (history screens add 200). */
export const PAGE_SIZES = [25, 50, 100] as const;
export const HISTORY_PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 500;
