// The one document module: every PDF the server prints (OC, invoice, PO, checklist, packing list,
// reports) is a pdfmake document rendered here, in embedded Noto fonts (docs/decisions.md, Reports &
// documents).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Content, DynamicContent, TableCell, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { DEFAULT_COMPANY, type DocumentCompany } from './company';

export type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
// pdfmake's package entry is the browser build; the Node printer lives in src/printer.
const PdfPrinter = require('pdfmake/src/printer') as typeof import('pdfmake');

/** Noto Sans: Latin with its extensions (Turkish, Polish, Czech …), Greek, Cyrillic. */
const SANS = 'NotoSans';
/** Noto Sans SC: Chinese (and kana); Noto Sans has no CJK glyphs, Noto Sans SC no Latin Extended. */
const CJK = 'NotoSansSC';

/**
 * pdfkit parses a font's tables anew for every document: for a one-page OC that was most of its
 * time. The fontkit instance pdfkit uses (found through pdfmake, whatever the install's layout)
 * memoises the parse of our own font buffers; documents only read a parsed font, synchronously,
 * and each keeps its own subset.
 */
const fontkit = createRequire(createRequire(require.resolve('pdfmake/src/printer')).resolve('@foliojs-fork/pdfkit'))(
  '@foliojs-fork/fontkit',
) as { create: (buffer: Buffer, postscriptName?: string) => unknown };
const ours = new WeakSet<Buffer>();
const parsed = new WeakMap<Buffer, unknown>();
const parse = fontkit.create;
fontkit.create = (buffer, postscriptName) => {
  if (postscriptName !== undefined || !ours.has(buffer)) return parse(buffer, postscriptName);
  let font = parsed.get(buffer);
  if (!font) {
    font = parse(buffer);
    parsed.set(buffer, font);
  }
  return perDocument(font as object);
};

/**
 * The parsed tables are shared; the glyph cache and the layout engine are the document's own. A glyph remembers
 * the characters it was first made for (the PDF's text layer): one document's 'ǐ' (ı + caron) must not leave a
 * dotless ı without characters in the next, where 'Bankası' would then read back 'Bankas'.
 */
function perDocument(font: object): object {
  const doc = Object.create(font) as { _glyphs: Record<number, unknown> };
  doc._glyphs = {};
  const layout = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(font), '_layoutEngine');
  if (layout?.get) {
    const get = layout.get;
    Object.defineProperty(doc, '_layoutEngine', { configurable: true, get: () => get.call(doc) });
  }
  return doc;
}

/** A font file of an npm font package, read once and parsed once. */
const ttf = (path: string) => {
  const buffer = readFileSync(path);
  ours.add(buffer);
  return buffer;
};
let sansFonts: TFontDictionary | undefined;
let cjkFonts: TFontDictionary | undefined;

/** Read once, on the first document (2.5 MB); pdfkit embeds only the glyphs a document uses. */
function sans(): TFontDictionary {
  sansFonts ??= {
    [SANS]: {
      normal: ttf(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
      bold: ttf(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
      italics: ttf(require.resolve('@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf')),
      bolditalics: ttf(require.resolve('@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf')),
    },
  };
  return sansFonts;
}

/** Read once, on the first document with Chinese text (21 MB); it has no italics: upright instead. */
function cjk(): TFontDictionary {
  if (!cjkFonts) {
    const normal = ttf(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
    const bold = ttf(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'));
    cjkFonts = { [CJK]: { normal, bold, italics: normal, bolditalics: bold } };
  }
  return cjkFonts;
}

// Han, kana, bopomofo, CJK punctuation and full-width forms: the characters only Noto Sans SC draws.
const CJK_CHARS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u3000-\\u303f\\uff00-\\uffef';
const HAS_CJK = new RegExp(`[${CJK_CHARS}]`, 'u');
const CJK_RUN = new RegExp(`([${CJK_CHARS}]+)`, 'u');

type Inline = string | { text: unknown; [k: string]: unknown };

/**
 * pdfmake has no per-glyph font fallback: a text holding Chinese is split into runs, each CJK run in
 * Noto Sans SC (bold and italics inherited), the rest in the document's font. `used.cjk` records it.
 */
function runs(s: string, used: { cjk: boolean }): Inline[] | string {
  if (!HAS_CJK.test(s)) return s;
  used.cjk = true;
  return s
    .split(CJK_RUN)
    .filter(Boolean)
    .map((part) => (HAS_CJK.test(part) ? { text: part, font: CJK } : part));
}

function inline(t: unknown, used: { cjk: boolean }): unknown {
  if (typeof t === 'string') return runs(t, used);
  if (Array.isArray(t)) return t.flatMap((x) => (typeof x === 'string' ? runs(x, used) : [inline(x, used)]));
  if (t && typeof t === 'object' && 'text' in t) return { ...t, text: inline(t.text, used) };
  return t;
}

/** Every text of a document (cells, stacks, columns, lists, header and footer) through `runs`. */
function scripted(node: unknown, used: { cjk: boolean }): unknown {
  if (typeof node === 'string') {
    const r = runs(node, used);
    return typeof r === 'string' ? r : { text: r };
  }
  if (Array.isArray(node)) return node.map((n) => scripted(n, used));
  if (typeof node === 'function')
    return (...args: unknown[]) => scripted((node as (...a: unknown[]) => unknown)(...args), used);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  if ('text' in out) out.text = inline(out.text, used);
  for (const k of ['stack', 'columns', 'ul', 'ol'] as const) if (k in out) out[k] = scripted(out[k], used);
  const table = out.table as { body?: unknown[][] } | undefined;
  if (table?.body) out.table = { ...table, body: table.body.map((row) => row.map((c) => scripted(c, used))) };
  return out;
}

type Printer = InstanceType<typeof PdfPrinter>;
let printer: Printer | undefined;
let printerCjk: Printer | undefined;
const sansPrinter = () => {
  printer ??= new PdfPrinter(sans());
  return printer;
};
const cjkPrinter = () => {
  printerCjk ??= new PdfPrinter({ ...sans(), ...cjk() });
  return printerCjk;
};

/**
 * Renders a document to PDF bytes: the default font is Noto Sans, Chinese runs go to Noto Sans SC,
 * A4 unless the document says otherwise, the company (the stored settings a module read) as author.
 * Footer and header are scripted too.
 */
export function renderPdf(def: TDocumentDefinitions, company: DocumentCompany = DEFAULT_COMPANY): Promise<Buffer> {
  const used = { cjk: false };
  const doc = {
    ...def,
    content: scripted(def.content, used),
    header: scripted(def.header, used),
    footer: scripted(def.footer, used),
    defaultStyle: { font: SANS, ...def.defaultStyle },
    info: { author: company.name, ...def.info },
  } as TDocumentDefinitions;
  // Header and footer functions run during layout, after the fonts are chosen: probe them first.
  for (const f of [def.header, def.footer])
    if (typeof f === 'function') scripted(f(1, 1, { width: 595.28, height: 841.89, orientation: 'portrait' }), used);
  const p = used.cjk ? cjkPrinter() : sansPrinter();
  return new Promise((resolve, reject) => {
    const pdf = p.createPdfKitDocument(doc);
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** A date (unix seconds) as YYYY-MM-DD (UTC), `empty` when there is none. */
export const pdfDate = (sec: number | null, empty = '') =>
  sec ? new Date(sec * 1000).toISOString().slice(0, 10) : empty;

/** A table header cell (bold), right-aligned for figures. */
export const th = (text: string, right = false): TableCell =>
  right ? { text, bold: true, alignment: 'right' } : { text, bold: true };

/** A right-aligned cell (figures). */
export const num = (text: string, bold = false): TableCell =>
  bold ? { text, alignment: 'right', bold } : { text, alignment: 'right' };

/** The company's logo (when it has one) above its name, address and contact. */
export function companyBlock(company: DocumentCompany, nameSize = 16): Content {
  return {
    stack: [
      ...(company.logo ? [{ image: company.logo, fit: [160, 48] as [number, number], margin: [0, 0, 0, 4] }] : []),
      { text: company.name, fontSize: nameSize, bold: true },
      ...company.address,
      company.contact,
    ].filter((c) => c !== ''),
  } as Content;
}

/** 'Bank Details' and the company's bank lines; nothing when no bank field is set. */
export function bankBlock(company: DocumentCompany): Content {
  if (!company.bank.length) return '';
  return { stack: [{ text: 'Bank Details', bold: true, margin: [0, 0, 0, 2] }, ...company.bank], unbreakable: true };
}

/**
 * The company block on the left and the document's title with its details on the right, as on
 * every printed document (OC, invoice, PO, reports).
 */
export function companyHeader(
  title: string,
  details: Content[] = [],
  width = 220,
  company: DocumentCompany = DEFAULT_COMPANY,
): Content {
  return {
    columns: [
      companyBlock(company),
      {
        width,
        stack: [
          { text: title, fontSize: 16, bold: true, alignment: 'right' },
          ...details
            .filter((d) => d !== '')
            .map((d) => (typeof d === 'string' ? { text: d, alignment: 'right' as const } : d)),
        ],
      },
    ],
    margin: [0, 0, 0, 16],
  };
}

/** 'Page n of m' at the right of every page, with `left` (e.g. the generation time) at the left. */
export function pageFooter(left = '', margin = 40): DynamicContent {
  return (page, pages) => ({
    columns: [
      { text: left, fontSize: 7 },
      { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7, width: 80 },
    ],
    margin: [margin, 15, margin, 0],
  });
}
