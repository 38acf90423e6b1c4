import type { ReportFormat } from '@bpm/contract/reports';
import type { FastifyReply } from 'fastify';
import type { DocumentCompany } from '../../platform/company';
import { csvWriter } from '../../platform/csv-export';
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
  /** PDF: the cell stays on one line (references), never wrapped. */
  noWrap?: boolean;
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
  /** PDF: rows printed bold (a statement's opening and closing balance). */
  boldRow?: (row: Row) => boolean;
  /** PDF: a one-row table after the table, its title above: [label, value] cells (a statement's ageing). */
  summary?: () => Promise<{ title: string; cells: Array<[string, string]> }>;
  /** Lines printed after the table (e.g. a dealer's credit). */
  notes?: () => Promise<Array<[string, string]>>;
  landscape?: boolean;
}

/**
 * The report as CSV through the one CSV writer (the list exports' rules: BOM, labels as header row, LF,
 * formula cells neutralised); rows are pulled chunk by chunk, so a year never sits in memory.
 */
const csvStream = (report: Report) =>
  csvWriter(
    report.rows(),
    report.columns.map((c) => c.key),
    report.columns.map((c) => c.label),
  );

/** Sends the report in the asked format under its sanitised file name. */
export async function sendReport(
  reply: FastifyReply,
  report: Report,
  format: ReportFormat,
  fileName: string,
  generatedAt: string,
  /** The company block of the PDF (the stored settings). */
  company?: DocumentCompany,
) {
  reply
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('access-control-expose-headers', 'Content-Disposition');
  if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(csvStream(report));
  const pdf = await reportPdf(report, generatedAt, company);
  return reply.header('content-type', 'application/pdf').send(pdf);
}
