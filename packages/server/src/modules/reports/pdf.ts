import { createRequire } from 'node:module';
import { formatMoney } from '@bpm/contract/orders';
import { COMPANY } from '../../platform/company';
import type { Column, Report, Row } from './output';

/*
 * Report PDFs are drawn straight with pdfkit (the engine under pdfmake): a statement of 2,000
 * orders is 18,000 cells, and pdfmake's layout pass measured 3× slower than placing them here.
 * Text is placed without pdfkit's line wrapper; only a cell wider than its column is wrapped.
 */
const PDFDocument = createRequire(import.meta.url)('@foliojs-fork/pdfkit') as PDFKit.PDFDocument;

const MARGIN = 30;
const BOTTOM = 40;
const SIZE = 8;
const LINE = 10;
const PAD = 4;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

const NATURAL: Record<Column['kind'], number> = { date: 52, money: 68, int: 42, pct: 52, text: 0 };

function cellText(c: Column, v: Row[string]): string {
  if (v == null || v === '') return '';
  if (c.kind === 'money') return formatMoney(v);
  if (c.kind === 'pct') return `${Number(v).toFixed(1)}%`;
  return String(v);
}

/** Column widths: numbers and dates at a natural width, text columns share the rest. */
function layoutWidths(columns: Column[], total: number): number[] {
  const fixed = columns.reduce((s, c) => s + NATURAL[c.kind], 0);
  const weights = columns.reduce((s, c) => s + (c.kind === 'text' ? (c.weight ?? 1) : 0), 0);
  const unit = weights ? (total - fixed) / weights : 0;
  const widths = columns.map((c) => NATURAL[c.kind] || Math.max(36, unit * (c.weight ?? 1)));
  const sum = widths.reduce((a, b) => a + b, 0);
  return sum > total ? widths.map((w) => (w * total) / sum) : widths;
}

/** Splits text into lines that fit `width` (words first, then characters). */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  if (doc.widthOfString(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/(\s+)/)) {
    const next = line + word;
    if (doc.widthOfString(next) <= width) {
      line = next;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = word.trimStart();
    while (doc.widthOfString(line) > width && line.length > 1) {
      let n = line.length - 1;
      while (n > 1 && doc.widthOfString(line.slice(0, n)) > width) n--;
      lines.push(line.slice(0, n));
      line = line.slice(n);
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length ? lines : [''];
}

/** The report as PDF bytes: company header, title, parameters, the table, totals, notes and page numbers. */
export async function reportPdf(report: Report, generatedAt: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: report.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    info: { Title: report.title, Author: COMPANY.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });

  const pageW = doc.page.width;
  const pageBottom = () => doc.page.height - BOTTOM - LINE;
  const usable = pageW - 2 * MARGIN;
  const { columns } = report;
  const widths = layoutWidths(columns, usable);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const right = (c: Column) => c.kind !== 'text' && c.kind !== 'date';
  let y = MARGIN;

  const put = (text: string, x: number, w: number, alignRight: boolean) => {
    const lines = wrap(doc, text, w - PAD);
    lines.forEach((l, i) => {
      const lx = alignRight ? x + w - PAD - doc.widthOfString(l) : x;
      doc.text(l, lx, y + i * LINE, { lineBreak: false });
    });
    return lines.length;
  };
  const rule = (width = 0.5) => {
    doc
      .save()
      .lineWidth(width)
      .strokeColor('#999999')
      .moveTo(MARGIN, y)
      .lineTo(pageW - MARGIN, y)
      .stroke()
      .restore();
  };
  const headerRow = () => {
    doc.font(BOLD).fontSize(SIZE);
    const h = Math.max(...columns.map((c, i) => put(c.label, xs[i]!, widths[i]!, right(c))));
    y += h * LINE + 2;
    rule();
    y += 3;
    doc.font(REGULAR);
  };
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? BOLD : REGULAR);
    // Each cell is measured once: its lines give the row height and are then drawn as they are.
    const lines = cells.map((t, i) => (t ? wrap(doc, t, widths[i]! - PAD) : []));
    const h = Math.max(1, ...lines.map((l) => l.length)) * LINE;
    if (y + h > pageBottom()) {
      doc.addPage();
      y = MARGIN;
      headerRow();
      doc.font(bold ? BOLD : REGULAR);
    }
    lines.forEach((ls, i) => {
      const alignRight = right(columns[i]!);
      ls.forEach((l, k) => {
        const x = alignRight ? xs[i]! + widths[i]! - PAD - doc.widthOfString(l) : xs[i]!;
        doc.text(l, x, y + k * LINE, { lineBreak: false });
      });
    });
    y += h + 1;
  };

  // Company header and title.
  doc.font(BOLD).fontSize(14).text(COMPANY.name, MARGIN, y, { lineBreak: false });
  const titleW = doc.widthOfString(report.title);
  doc.text(report.title, pageW - MARGIN - titleW, y, { lineBreak: false });
  y += 18;
  doc.font(REGULAR).fontSize(SIZE);
  for (const l of [...COMPANY.address, COMPANY.contact]) {
    doc.text(l, MARGIN, y, { lineBreak: false });
    y += LINE;
  }
  y += 8;
  for (const [k, v] of report.params) {
    doc.font(BOLD).text(k, MARGIN, y, { lineBreak: false });
    doc.font(REGULAR);
    const n = wrap(doc, v, usable - 110);
    n.forEach((l, i) => {
      doc.text(l, MARGIN + 110, y + i * LINE, { lineBreak: false });
    });
    y += n.length * LINE;
  }
  y += 10;

  headerRow();
  let any = false;
  for await (const chunk of report.rows()) {
    for (const r of chunk) {
      any = true;
      row(columns.map((c) => cellText(c, r[c.key] ?? null)));
    }
  }
  if (!any) row(['No data for these parameters', ...columns.slice(1).map(() => '')]);
  if (report.totals) {
    const t = await report.totals();
    y += 2;
    rule();
    y += 3;
    // 'Total (3 orders)' over the leading columns that carry no total of their own.
    const firstValue = columns.findIndex((c, i) => i > 0 && t[c.key] != null && t[c.key] !== '');
    const span = Math.max(1, firstValue < 0 ? columns.length : firstValue);
    const label = t.label ? `Total (${t.label})` : 'Total';
    doc.font(BOLD);
    const spanW = widths.slice(0, span).reduce((a, b) => a + b, 0);
    if (y + LINE > pageBottom()) {
      doc.addPage();
      y = MARGIN;
    }
    put(label, MARGIN, spanW, false);
    columns.forEach((c, i) => {
      if (i >= span) put(cellText(c, t[c.key] ?? null), xs[i]!, widths[i]!, right(c));
    });
    y += LINE + 4;
    doc.font(REGULAR);
  }
  const notes = report.notes ? await report.notes() : [];
  if (notes.length) {
    y += 10;
    if (y + notes.length * LINE > pageBottom()) {
      doc.addPage();
      y = MARGIN;
    }
    for (const [k, v] of notes) {
      doc.font(BOLD).text(k, MARGIN, y, { lineBreak: false });
      doc.font(REGULAR);
      doc.text(v, MARGIN + 230 - doc.widthOfString(v), y, { lineBreak: false });
      y += LINE + 2;
    }
  }

  // Footers once the page count is known.
  const range = doc.bufferedPageRange();
  doc.font(REGULAR).fontSize(7);
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const fy = doc.page.height - BOTTOM + 15;
    // Writing inside the bottom margin: keep pdfkit from starting a new page.
    doc.page.margins.bottom = 0;
    doc.text(`${report.title} · generated ${generatedAt}`, MARGIN, fy, { lineBreak: false });
    const pn = `Page ${p - range.start + 1} of ${range.count}`;
    doc.text(pn, pageW - MARGIN - doc.widthOfString(pn), fy, { lineBreak: false });
  }
  doc.end();
  return done;
}
