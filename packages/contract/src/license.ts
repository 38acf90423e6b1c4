import { z } from 'zod';
import { commaList, listQuery, MAX_ID, optionalText } from './common';
import { MSG } from './messages';

/** BPM's own words for copying a key (the spec only logs a failed copy; a person should know it failed). */
export const LICENSE_MSG = {
  copied: 'Copied to clipboard',
  copyFailed: 'Copy failed: select the text and copy it yourself',
} as const;

// ---------------------------------------------------------------------------------------------
// License request (document 2 sections 3, 5, 7; docs/decisions.md, Licenses)

/** 12 hex digits with an optional ':' or '-' between every pair (the same one throughout). */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-]?)([0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/;
export const MAC_PLACEHOLDER = '00-0B-DC-XX-XX-XX';

/** Options counted 0–255 (255 = unlimited); sent only when above 0. */
export const COUNT_OPTIONS = ['sensors', 'vsens', '5dc'] as const;
/** Options that are on or off; `pro` is the license-level switch, the rest are the checkboxes. */
export const FLAG_OPTIONS = [
  'pro',
  'radius',
  'tacacs',
  'spxn_dry10',
  'spxn_relays',
  'spxn_vdc',
  'sp1plus_temp',
  'sp1plus_dcmr',
  'sp2pluslcd_temp',
  'sp2pluslcd_dc',
] as const;
export type CountOption = (typeof COUNT_OPTIONS)[number];
export type FlagOption = (typeof FLAG_OPTIONS)[number];
export type LicenseCode = CountOption | FlagOption;
export const LICENSE_CODES: readonly LicenseCode[] = [...FLAG_OPTIONS, ...COUNT_OPTIONS];

export const COUNT_MIN = 0;
export const COUNT_MAX = 255;
/** A count of 255 means unlimited. */
export const COUNT_UNLIMITED = 255;

export const OPTION_LABELS: Record<LicenseCode, string> = {
  pro: 'Pro',
  sensors: 'Sensors',
  vsens: 'Virtual sensors',
  '5dc': '5DC',
  radius: 'RADIUS',
  tacacs: 'TACACS+',
  spxn_dry10: 'SPXN Dry contacts (10)',
  spxn_relays: 'SPXN Relays',
  spxn_vdc: 'SPXN VDC',
  sp1plus_temp: 'SP1+ Temperature',
  sp1plus_dcmr: 'SP1+ DCMR',
  sp2pluslcd_temp: 'SP2+ LCD Temperature',
  sp2pluslcd_dc: 'SP2+ LCD DC',
};

/** License type: which call the form makes. */
export const LICENSE_TYPES = ['license', 'activation'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const LICENSE_TYPE_LABELS: Record<LicenseType, string> = {
  license: 'License',
  activation: 'Activation Code',
};

/** The six MAC bytes of a valid MAC, or null. */
export function macBytes(mac: string): Uint8Array | null {
  const t = mac.trim();
  if (!MAC_PATTERN.test(t)) return null;
  const hex = t.replace(/[:-]/g, '');
  const out = new Uint8Array(6);
  for (let i = 0; i < 6; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The MAC as the screens show it: upper-case, dash-separated like the placeholder. */
export function formatMac(mac: string): string {
  const hex = mac.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
  return hex.match(/.{1,2}/g)?.join('-') ?? '';
}

export const macField = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .refine((v) => MAC_PATTERN.test(v), { error: MSG.macInvalid })
    .transform(formatMac);

export const licenseEntry = z.object({
  code: z.string({ error: MSG.licenseOptionUnknown }),
  value: z.coerce.number({ error: MSG.number }),
});
export type LicenseEntry = { code: LicenseCode; value: number };

const countOk = (v: number) => Number.isInteger(v) && v >= COUNT_MIN && v <= COUNT_MAX;

/** The option rules of a license list (field errors keyed by the option's code). */
function checkOptions(license: ReadonlyArray<{ code: string; value: number }>, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const { code, value } of license) {
    if (!(LICENSE_CODES as readonly string[]).includes(code)) {
      ctx.addIssue({ code: 'custom', path: ['license'], message: MSG.licenseOptionUnknown });
      continue;
    }
    if (seen.has(code)) ctx.addIssue({ code: 'custom', path: [code], message: MSG.licenseOptionTwice });
    seen.add(code);
    const isCount = (COUNT_OPTIONS as readonly string[]).includes(code);
    if (isCount && !countOk(value))
      ctx.addIssue({ code: 'custom', path: [code], message: MSG.range(COUNT_MIN, COUNT_MAX) });
    if (!isCount && value !== 0 && value !== 1) ctx.addIssue({ code: 'custom', path: [code], message: MSG.number });
  }
  if (!license.some((e) => e.value > 0))
    ctx.addIssue({ code: 'custom', path: ['license'], message: MSG.licenseOptionRequired });
}

/** Only what is switched on counts: zero counts and unchecked flags are dropped. */
const switchedOn = (license: ReadonlyArray<{ code: string; value: number }>) =>
  license.filter((e) => e.value > 0) as LicenseEntry[];

/**
 * POST /license/genLicense and /license/genActivateCode. Field errors are keyed by the option
 * code (`cause.sensors`), the MAC's on `cause.mac`, a missing option on `cause.license`.
 * Optional registry links: the order, dealer and serial the license is for.
 */
export const licenseRequest = z
  .object({
    mac: macField(),
    license: z.array(licenseEntry, { error: MSG.licenseOptionRequired }).max(LICENSE_CODES.length * 2),
    order_id: z.coerce.number().int().positive().max(MAX_ID).optional().nullable(),
    dealer_id: z.coerce.number().int().positive().max(MAX_ID).optional().nullable(),
    serial: optionalText().pipe(z.string().max(100)),
  })
  .superRefine((req, ctx) => checkOptions(req.license, ctx))
  .transform((req) => ({ ...req, license: switchedOn(req.license) }));
export type LicenseRequest = z.infer<typeof licenseRequest>;

/** Most devices one batch call licenses (a packing list's worth). */
export const BATCH_MAX = 500;

/**
 * POST /license/batch (BPM's own): the same options for several devices at once, e.g. every unit
 * of a packing list. Device errors are keyed `devices.{i}.mac`.
 */
export const licenseBatchRequest = z
  .object({
    license_type: z.enum(LICENSE_TYPES),
    license: z.array(licenseEntry, { error: MSG.licenseOptionRequired }).max(LICENSE_CODES.length * 2),
    devices: z
      .array(z.object({ mac: macField(), serial: optionalText().pipe(z.string().max(100)) }), { error: MSG.required })
      .min(1, { error: MSG.required })
      .max(BATCH_MAX),
    order_id: z.coerce.number().int().positive().max(MAX_ID).optional().nullable(),
    dealer_id: z.coerce.number().int().positive().max(MAX_ID).optional().nullable(),
  })
  .superRefine((req, ctx) => checkOptions(req.license, ctx))
  .transform((req) => ({ ...req, license: switchedOn(req.license) }));
export type LicenseBatchRequest = z.infer<typeof licenseBatchRequest>;

// ---------------------------------------------------------------------------------------------
// The form (document 2 section 5)

const countField = () =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .refine(countOk, { error: MSG.range(COUNT_MIN, COUNT_MAX) }),
  );

export const licenseForm = z.object({
  mac: macField(),
  license_type: z.enum(LICENSE_TYPES),
  pro: z.boolean(),
  sensors: countField(),
  vsens: countField(),
  '5dc': countField(),
  radius: z.boolean(),
  tacacs: z.boolean(),
  spxn_dry10: z.boolean(),
  spxn_relays: z.boolean(),
  spxn_vdc: z.boolean(),
  sp1plus_temp: z.boolean(),
  sp1plus_dcmr: z.boolean(),
  sp2pluslcd_temp: z.boolean(),
  sp2pluslcd_dc: z.boolean(),
});
export type LicenseForm = z.infer<typeof licenseForm>;

/** The license list of a form: counts only when above 0, flags (pro too) only when selected. */
export function licenseList(form: Omit<LicenseForm, 'mac' | 'license_type'>): LicenseEntry[] {
  const out: LicenseEntry[] = [];
  for (const code of FLAG_OPTIONS) if (form[code]) out.push({ code, value: 1 });
  for (const code of COUNT_OPTIONS) if (form[code] > 0) out.push({ code, value: form[code] });
  return out;
}

/** The path of the call a license type makes. */
export const licenseCallPath = (type: LicenseType) =>
  type === 'license' ? '/license/genLicense' : '/license/genActivateCode';

// ---------------------------------------------------------------------------------------------
// Registry (BPM's own)

export const licenseRegistryQuery = listQuery.extend({
  /** Matches the MAC (any separators, any case) or the dealer's name. */
  search: z.string().trim().max(200).optional().default(''),
  dealer: z.preprocess(
    (v) => (v === '' || v === '-1' || v === -1 ? undefined : v),
    z.coerce.number().int().positive().max(MAX_ID).optional(),
  ),
  /** The keys of these serials (comma separated, case aside): a packing list's devices. */
  serials: commaList(z.string().max(200)).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type LicenseRegistryQuery = z.infer<typeof licenseRegistryQuery>;

/** A license of the registry. */
export const licenseRecord = z.object({
  id: z.number().int(),
  /** 'license' or 'activation'. */
  kind: z.enum(LICENSE_TYPES),
  mac: z.string(),
  license: z.array(z.object({ code: z.enum([...FLAG_OPTIONS, ...COUNT_OPTIONS]), value: z.number() })),
  key: z.string(),
  order_id: z.number().int().nullable(),
  dealer_id: z.number().int().nullable(),
  dealer_name: z.string(),
  serial: z.string(),
  /** The unit (device record) the key is for, when its serial is a unit's. */
  unit_id: z.number().int().nullable(),
  created_at: z.number().int(),
  created_by: z.string(),
});
export type LicenseRecord = z.infer<typeof licenseRecord>;

/** What genLicense and genActivateCode answer: the key. */
export const licenseKey = z.object({ license: z.string() });

/** What a batch answers: one key per device, in the request's order. */
export const licenseBatchKeys = z.array(z.object({ mac: z.string(), serial: z.string(), license: z.string() }));
