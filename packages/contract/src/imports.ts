import { z } from 'zod';

/** What a spreadsheet import brings in (issue 26 item 2): the data a company has on day one. */
export const IMPORT_KINDS = ['dealers', 'products', 'partComponents', 'suppliers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  dealers: 'Dealers',
  products: 'Products',
  partComponents: 'Part Components',
  suppliers: 'Suppliers',
};

/**
 * The natural key a row is matched by (docs/decisions.md, Import): a dealer's and a supplier's name, a
 * product's code, a part's manufacturer and part number (what each save keeps unique), letter case aside.
 */
export const IMPORT_KEYS: Record<ImportKind, readonly string[]> = {
  dealers: ['name'],
  products: ['product_code'],
  partComponents: ['manufacturer', 'manuf_part_number'],
  suppliers: ['name'],
};

/** The form of both calls: the kind, and on commit the token of the preview (the file's hash). */
export const importForm = z.object({
  kind: z.enum(IMPORT_KINDS),
  token: z.string().trim().max(200).optional(),
});

export const importRow = z.object({
  /** The spreadsheet line (the header is line 1). */
  line: z.number().int(),
  action: z.enum(['create', 'update', 'error']),
  /** The row's natural key as written in the file. */
  key: z.string(),
  /** Field → the save's message for it (the spec's words). */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ImportRow = z.infer<typeof importRow>;

/** POST /imports/preview: what a commit of the same file would do; nothing is written. */
export const importPreview = z.object({
  kind: z.enum(IMPORT_KINDS),
  token: z.string(),
  create: z.number().int(),
  update: z.number().int(),
  errors: z.number().int(),
  /** The file's columns that are read (the export's and the form's fields). */
  columns: z.array(z.string()),
  /** Columns of the file that are not read (ids, computed columns, unknown names). */
  ignored_columns: z.array(z.string()),
  rows: z.array(importRow),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** POST /imports/commit: all rows written in one transaction. */
export const importResult = z.object({ created: z.number().int(), updated: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;

/** Import messages beyond the spec's BOM-import words (MSG.selectCsv, missingHeaders, noDataToImport, importFailed). */
export const IMPORT_MSG = {
  parseError: (detail: string) => `Error parsing CSV file: ${detail}`,
  duplicateKey: (line: number) => `The same record is already on line ${line} of the file`,
  ambiguous: 'More than one existing record matches this row',
  changed: 'The file is not the one previewed: preview it again',
  hasErrors: 'Fix the rows with errors, then import again',
  rowFailed: (line: number, message: string) => `Line ${line}: ${message}`,
  done: (created: number, updated: number) => `Import complete: ${created} created, ${updated} updated`,
  title: 'Import',
  kindLabel: 'Kind',
  fileLabel: 'CSV file',
  preview: 'Preview',
  confirm: 'Confirm',
  summary: (create: number, update: number, errors: number) =>
    `${create} to create, ${update} to update, ${errors} with errors`,
} as const;
