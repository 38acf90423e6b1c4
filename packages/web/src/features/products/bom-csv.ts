import { MSG } from '@bpm/contract/messages';
import { BOM_REQUIRED_HEADERS, normalizeHeader } from '@bpm/contract/products';
import Papa from 'papaparse';

/** CSV files only: by extension, or by a CSV MIME type when the name has no extension. */
export function isCsvFile(file: { name: string; type?: string }): boolean {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return true;
  if (name.includes('.')) return false;
  return ['text/csv', 'application/csv', 'application/vnd.ms-excel'].includes(file.type ?? '');
}

export type BomCsvResult = { ok: true; rows: Record<string, string>[] } | { ok: false; error: string };

/**
 * Parses a BOM CSV (header row, CRLF or LF, quoted fields, optional UTF-8 BOM) and checks it the way
 * the server will: the required headers present, at least one non-blank row.
 */
export function parseBomCsv(text: string): BomCsvResult {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, error: MSG.noDataToImport };
  let parsed: Papa.ParseResult<Record<string, string>>;
  try {
    parsed = Papa.parse<Record<string, string>>(body, {
      header: true,
      // Blank lines stay (as empty rows): row i is then spreadsheet line i + 2, the line the server's
      // error messages name. The server skips blank rows itself.
      skipEmptyLines: false,
      transformHeader: (h) => h.replace(/^\uFEFF/, '').trim(),
    });
  } catch (err) {
    return { ok: false, error: `Error parsing CSV file: ${(err as Error).message}` };
  }
  // Field-count mismatches and a guessed delimiter are tolerated (the server reports bad rows); broken quoting is not.
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) return { ok: false, error: `Error parsing CSV file: ${fatal.message}` };
  const headers = (parsed.meta.fields ?? []).map(normalizeHeader);
  const rows = parsed.data.map((r) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) {
      // Papaparse puts surplus cells under '__parsed_extra'; they are not BOM columns.
      if (k === '__parsed_extra' || k === '') continue;
      out[k] = typeof v === 'string' ? v.trim() : String(v ?? '');
    }
    // A row whose cells are all empty is sent as {} (it only keeps the line count).
    return Object.values(out).some((v) => v !== '') ? out : {};
  });
  while (rows.length && Object.keys(rows[rows.length - 1]!).length === 0) rows.pop();
  if (headers.length === 0 && rows.length === 0) return { ok: false, error: MSG.noDataToImport };
  const missing = BOM_REQUIRED_HEADERS.filter((h) => !headers.includes(h));
  if (missing.length) return { ok: false, error: MSG.missingHeaders([...missing]) };
  if (rows.length === 0) return { ok: false, error: MSG.noDataToImport };
  return { ok: true, rows };
}
