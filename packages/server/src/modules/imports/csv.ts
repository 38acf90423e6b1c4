// Reading an uploaded CSV: UTF-8 with or without BOM, comma or semicolon separated (the header line
// decides), RFC 4180 quoting; each record with the spreadsheet line it starts on.
import { IMPORT_MSG } from '@bpm/contract/imports';

export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvError extends Error {}

/** The separator of the header line: the more frequent of `,` and `;` outside quotes (comma on a tie). */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semis = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

/** Decodes the bytes as UTF-8 (a byte order mark dropped); other encodings are refused. */
export function decodeCsv(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw new CsvError(IMPORT_MSG.parseError('the file is not UTF-8 text'));
  }
}

/** The records of `text` (blank lines skipped); an unterminated quote is an error naming its line. */
export function parseCsv(text: string): CsvRecord[] {
  const sep = detectSeparator(text);
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c !== '')) out.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) throw new CsvError(IMPORT_MSG.parseError(`a quoted value starting on line ${start} is not closed`));
  endRecord();
  return out;
}

/**
 * A cell as the export wrote it, back to its value: the export puts an apostrophe before text that a
 * spreadsheet would read as a formula (= + - @ tab CR); that apostrophe goes.
 */
export function cellValue(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
