import type { DocumentCompany } from '../../platform/company';
import {
  type Content,
  companyHeader,
  pageFooter,
  renderPdf,
  type TableCell,
  type TDocumentDefinitions,
  th,
} from '../../platform/pdf';
import type { Column, Report, Row } from './output';

const MARGIN = 30;
const PAD = 2;
const SIZE = 8;
/** A4 in points. */
const PAGE = { portrait: 595.28, landscape: 841.89 };

/** Content widths (points, Noto Sans 8 pt): a date, US$1,234,567.89, a count, 100.0%. */
const NATURAL: Record<Column['kind'], number> = { date: 44, money: 64, int: 36, pct: 40, text: 0 };

/** formatMoney's text (US$1,234.50) from one formatter: toLocaleString builds one per call (0.4 s a statement). */
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (n: number | string) => {
  const v = Number(n) || 0;
  return `${v < 0 ? '-' : ''}US$${AMOUNT.format(Math.abs(v))}`;
};

function cellText(c: Column, v: Row[string]): string {
  if (v == null || v === '') return '';
  if (c.kind === 'money') return money(v);
  if (c.kind === 'pct') return `${Number(v).toFixed(1)}%`;
  return String(v);
}

const right = (c: Column) => c.kind !== 'text' && c.kind !== 'date';

/** Column widths: numbers and dates at a natural width, text columns share the rest. */
function layoutWidths(columns: Column[], total: number): number[] {
  const fixed = columns.reduce((s, c) => s + NATURAL[c.kind], 0);
  const weights = columns.reduce((s, c) => s + (c.kind === 'text' ? (c.weight ?? 1) : 0), 0);
  const unit = weights ? (total - fixed) / weights : 0;
  const widths = columns.map((c) => NATURAL[c.kind] || Math.max(36, unit * (c.weight ?? 1)));
  const sum = widths.reduce((a, b) => a + b, 0);
  return sum > total ? widths.map((w) => (w * total) / sum) : widths;
}

/** Rules under the header row and over the totals row only; tight padding. */
const tableLayout = (rows: number, totals: boolean) => ({
  hLineWidth: (i: number) => (i === 1 || (totals && i === rows - 1) ? 0.5 : 0),
  vLineWidth: () => 0,
  hLineColor: () => '#999999',
  paddingLeft: () => PAD,
  paddingRight: () => PAD,
  paddingTop: () => 1,
  paddingBottom: () => 1,
});

/**
 * The report as PDF bytes: company header (the stored settings, company/service companyForDocuments), title,
 * parameters, the table, totals, notes and page numbers.
 */
export async function reportPdf(report: Report, generatedAt: string, company?: DocumentCompany): Promise<Buffer> {
  const { columns } = report;
  const usable = (report.landscape ? PAGE.landscape : PAGE.portrait) - 2 * MARGIN;
  const widths = layoutWidths(columns, usable - 2 * PAD * columns.length);
  const cell = (c: Column, v: Row[string], bold = false): TableCell => {
    const text = cellText(c, v);
    if (!bold && !c.noWrap && !right(c)) return text;
    return {
      text,
      ...(bold ? { bold } : {}),
      ...(c.noWrap ? { noWrap: true } : {}),
      ...(right(c) ? { alignment: 'right' as const } : {}),
    };
  };

  const body: TableCell[][] = [columns.map((c) => th(c.label, right(c)))];
  for await (const chunk of report.rows())
    for (const r of chunk) {
      const bold = report.boldRow?.(r) ?? false;
      body.push(columns.map((c) => cell(c, r[c.key] ?? null, bold)));
    }
  if (body.length === 1)
    body.push([{ text: 'No data for these parameters', colSpan: columns.length }, ...columns.slice(1).map(() => '')]);
  if (report.totals) {
    const t = await report.totals();
    // 'Total (3 orders)' over the leading columns that carry no total of their own.
    const firstValue = columns.findIndex((c, i) => i > 0 && t[c.key] != null && t[c.key] !== '');
    const span = Math.max(1, firstValue < 0 ? columns.length : firstValue);
    body.push([
      { text: t.label ? `Total (${t.label})` : 'Total', bold: true, colSpan: span },
      ...columns.slice(1, span).map(() => ''),
      ...columns.slice(span).map((c) => cell(c, t[c.key] ?? null, true)),
    ]);
  }
  const notes = report.notes ? await report.notes() : [];
  const summary = report.summary ? await report.summary() : null;

  const content: Content[] = [
    companyHeader(report.title, [], 300, company),
    {
      table: { widths: [104, '*'], body: report.params.map(([k, v]) => [th(k), v]) },
      layout: { defaultBorder: false, paddingLeft: () => 0, paddingTop: () => 0, paddingBottom: () => 0 },
      margin: [0, 0, 0, 10],
    },
    {
      table: { headerRows: 1, dontBreakRows: true, widths, body },
      layout: tableLayout(body.length, !!report.totals),
    },
  ];
  if (summary)
    content.push({
      stack: [
        { text: summary.title, bold: true, margin: [0, 0, 0, 2] },
        {
          table: {
            widths: summary.cells.map(() => '*'),
            body: [
              summary.cells.map(([k]) => th(k, true)),
              summary.cells.map(([, v]) => ({ text: v, alignment: 'right' })),
            ],
          },
          layout: tableLayout(2, false),
        },
      ],
      margin: [0, 12, 0, 0],
      unbreakable: true,
    });
  if (notes.length)
    content.push({
      table: { widths: [150, 80], body: notes.map(([k, v]) => [th(k), { text: v, alignment: 'right' }]) },
      layout: { defaultBorder: false, paddingLeft: () => 0 },
      margin: [0, 12, 0, 0],
      unbreakable: true,
    });

  const def: TDocumentDefinitions = {
    pageOrientation: report.landscape ? 'landscape' : 'portrait',
    pageMargins: [MARGIN, MARGIN, MARGIN, 40],
    defaultStyle: { fontSize: SIZE },
    info: { title: report.title },
    footer: pageFooter(`${report.title} · generated ${generatedAt}`, MARGIN),
    content,
  };
  return renderPdf(def, company);
}
