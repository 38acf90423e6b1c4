import { createRequire } from 'node:module';
import { pipeline, Readable } from 'node:stream';
import { formatMoney } from '@bpm/contract/orders';
import type { ReportFormat } from '@bpm/contract/reports';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { contentDisposition } from '../../platform/files';
import { COMPANY } from '../sales-docs/pdf';

// pdfmake's package entry is the browser build; the Node printer lives in src/printer.
const PdfPrinter = createRequire(import.meta.url)('pdfmake/src/printer') as typeof import('pdfmake');
const printer = new PdfPrinter({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});

/** text: as is; money: 2-decimal string from SQL; int, pct: numbers; date: YYYY-MM-DD from SQL. */
export type ColumnKind = 'text' | 'money' | 'int' | 'pct' | 'date';
export interface Column {
  key: string;
  label: string;
  kind: ColumnKind;
  /** PDF column width (pdfmake); default 'auto'. */
  width?: number | '*' | 'auto';
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

function pdfCell(c: Column, v: Row[string], bold = false): TableCell {
  const right = c.kind !== 'text' && c.kind !== 'date';
  let text = v == null ? '' : String(v);
  if (v != null && v !== '' && c.kind === 'money') text = formatMoney(v);
  if (v != null && v !== '' && c.kind === 'pct') text = `${Number(v).toFixed(1)}%`;
  return { text, alignment: right ? 'right' : 'left', bold };
}

/** The report as PDF bytes: company header, title, parameters, the table, totals and page numbers. */
export async function pdfBuffer(report: Report, generatedAt: string): Promise<Buffer> {
  const { columns } = report;
  const body: TableCell[][] = [
    columns.map((c) => ({
      text: c.label,
      bold: true,
      alignment: c.kind === 'text' || c.kind === 'date' ? 'left' : 'right',
    })),
  ];
  for await (const chunk of report.rows())
    for (const r of chunk) body.push(columns.map((c) => pdfCell(c, r[c.key] ?? null)));
  if (body.length === 1)
    body.push(columns.map((_, i) => (i === 0 ? { text: 'No data for these parameters', italics: true } : '')));
  if (report.totals) {
    const t = await report.totals();
    // 'Total (3 orders)' spans the leading columns that have no total of their own.
    const firstValue = columns.findIndex((c, i) => i > 0 && t[c.key] != null && t[c.key] !== '');
    const span = Math.max(1, firstValue < 0 ? columns.length : firstValue);
    const label = t.label ? `Total (${t.label})` : 'Total';
    body.push(
      columns.map((c, i) =>
        i === 0 ? { text: label, bold: true, colSpan: span } : i < span ? '' : pdfCell(c, t[c.key] ?? null, true),
      ),
    );
  }
  const notes = report.notes ? await report.notes() : [];
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: report.landscape ? 'landscape' : 'portrait',
    pageMargins: [30, 30, 30, 40],
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    info: { title: report.title, author: COMPANY.name },
    footer: (page, pages) => ({
      columns: [
        { text: `${report.title} · generated ${generatedAt}`, margin: [30, 0, 0, 0] },
        { text: `Page ${page} of ${pages}`, alignment: 'right', margin: [0, 0, 30, 0] },
      ],
      fontSize: 7,
      margin: [0, 15, 0, 0],
    }),
    content: [
      {
        columns: [
          { stack: [{ text: COMPANY.name, fontSize: 14, bold: true }, ...COMPANY.address, COMPANY.contact] },
          { width: 260, text: report.title, fontSize: 14, bold: true, alignment: 'right' },
        ],
        margin: [0, 0, 0, 12],
      },
      {
        table: { widths: [110, '*'], body: report.params.map(([k, v]) => [{ text: k, bold: true }, v]) },
        layout: 'noBorders',
        margin: [0, 0, 0, 12],
      },
      {
        table: { headerRows: 1, widths: columns.map((c) => c.width ?? 'auto'), body },
        layout: 'lightHorizontalLines',
      },
      ...(notes.length
        ? [
            {
              table: {
                widths: [150, 'auto'],
                body: notes.map(([k, v]) => [
                  { text: k, bold: true },
                  { text: v, alignment: 'right' },
                ]),
              },
              layout: 'noBorders',
              margin: [0, 14, 0, 0],
            } as Content,
          ]
        : []),
    ],
  };
  return new Promise((resolve, reject) => {
    const doc = printer.createPdfKitDocument(def);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
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
  const pdf = await pdfBuffer(report, generatedAt);
  return reply.header('content-type', 'application/pdf').send(pdf);
}
