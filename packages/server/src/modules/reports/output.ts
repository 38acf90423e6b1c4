import { pipeline, Readable } from 'node:stream';
import type { ReportFormat } from '@bpm/contract/reports';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../platform/files';
import { reportPdf } from './pdf';

/** text: as is; money: 2-decimal string from SQL; int, pct: numbers; date: YYYY-MM-DD from SQL. */
export type ColumnKind = 'text' | 'money' | 'int' | 'pct' | 'date';
export interface Column {
  key: string;
  label: string;
  kind: ColumnKind;
  /** PDF: a text column's share of the free width relative to the other text columns (default 1). */
  weight?: number;
}
export type Row = Record<string, string | number | null>;

export interface Report {
  title: string;
  /** What the file name is made of (sanitised by reportFileName). */
  fileParts: Array<string | number>;
  /** The parameters printed under the title: [label, value]. */
  params: Array<[string, string]>;
  columns: Column[];
  /** Rows in chunks, fetched lazily so a CSV of a year streams without holding it in memory. */
  rows: () => AsyncIterable<Row[]>;
  /** The totals row of the PDF (keys as columns); `label` ('3 orders') joins 'Total' in the first cells. */
  totals?: () => Promise<Row>;
  /** Lines printed after the table (e.g. a dealer's credit). */
  notes?: () => Promise<Array<[string, string]>>;
  landscape?: boolean;
}

/** A text cell a spreadsheet would run as a formula is prefixed with ' (OWASP CSV injection). */
export function neutralise(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

function csvCell(c: Column, v: Row[string]): string {
  if (v == null) return '';
  // Our own numbers stay numbers (a negative difference is not a formula); every text is neutralised.
  if (c.kind === 'money' || c.kind === 'int' || c.kind === 'pct') return String(v);
  return neutralise(String(v));
}

/** Streams the report as UTF-8 CSV with a header row; rows are pulled chunk by chunk (back-pressure). */
export function csvStream(report: Report): Readable {
  const { columns } = report;
  async function* records() {
    for await (const chunk of report.rows())
      for (const r of chunk) yield columns.map((c) => csvCell(c, r[c.key] ?? null));
  }
  const out = stringify({ header: true, columns: columns.map((c) => c.label), record_delimiter: '\r\n' });
  // pipeline: a client that goes away destroys the output, which stops the row reader (no more queries).
  pipeline(Readable.from(records()), out, () => {});
  return out;
}

/** Sends the report in the asked format under its sanitised file name. */
export async function sendReport(
  reply: FastifyReply,
  report: Report,
  format: ReportFormat,
  fileName: string,
  generatedAt: string,
) {
  reply
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('access-control-expose-headers', 'Content-Disposition');
  if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(csvStream(report));
  const pdf = await reportPdf(report, generatedAt);
  return reply.header('content-type', 'application/pdf').send(pdf);
}
