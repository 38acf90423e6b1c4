import { createHash } from 'node:crypto';
import { orderTotals } from '@bpm/contract/orders';
import { paymentFigures } from '@bpm/contract/payments';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { products } from '../../db/schema/products';
import { dealers } from '../../db/schema/sales';
import { KINDS } from '../sales-docs/kinds';
import { rebuildRollup } from '../sales-docs/rollup';
import { refreshTestable } from '../sales-docs/test-status';

/** A one-page PDF every demo order confirmation points to (the store keeps bytes by content hash). */
export const DEMO_OC_PDF: Buffer = (() => {
  const text = 'BPM demo order confirmation';
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 32} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
})();
export const DEMO_OC_SHA = createHash('sha256').update(DEMO_OC_PDF).digest('hex');

/** Deterministic PRNG (mulberry32): the demo data is the same on every start. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

/** [name, prefix, country, city/address, phone, discount, credit limit, payment terms] */
const DEALERS: Array<[string, string, string, string, string, number, number, string]> = [
  [
    'Northwind Telematics LLC',
    'NWT',
    'United States',
    '1200 Commerce St, Dallas, TX 75202',
    '+1 214-555-0142',
    15,
    50000,
    '100% 30 days',
  ],
  [
    'Pacific Fleet Systems Inc.',
    'PFS',
    'United States',
    '455 Market St, San Francisco, CA 94105',
    '+1 415-555-0187',
    20,
    80000,
    '100% 45 days',
  ],
  [
    'Great Lakes Tracking Co.',
    'GLT',
    'United States',
    '220 W Superior St, Duluth, MN 55802',
    '+1 218-555-0110',
    10,
    30000,
    '50% advance / NET 30',
  ],
  [
    'Maple Leaf Asset Tracking',
    'MLA',
    'Canada',
    '88 Queens Quay W, Toronto, ON M5J 0B8',
    '+1 416-555-0133',
    12,
    40000,
    '100% 30 days',
  ],
  [
    'Rocky Mountain Fleet Ltd.',
    'RMF',
    'Canada',
    '639 5 Ave SW, Calgary, AB T2P 0M9',
    '+1 403-555-0161',
    10,
    25000,
    '25% advance / NET 30',
  ],
  [
    'Telemetria del Norte S.A. de C.V.',
    'TDN',
    'Mexico',
    'Av. Constitución 2050, Monterrey, N.L. 64000',
    '+52 81 5555 0199',
    18,
    35000,
    '50% advance / NET 60',
  ],
  [
    'Rastreo Andino S.A.S.',
    'RAN',
    'Colombia',
    'Cra. 7 #71-21, Bogotá 110231',
    '+57 1 555 0123',
    15,
    20000,
    '100% advance',
  ],
  [
    'Sudamérica Logística Ltda.',
    'SAL',
    'Brazil',
    'Av. Paulista 1578, São Paulo, SP 01310-200',
    '+55 11 5555 0148',
    20,
    60000,
    '35% advance / NET 30',
  ],
  [
    'Patagonia GPS S.R.L.',
    'PGS',
    'Argentina',
    'Av. Corrientes 1234, Buenos Aires C1043',
    '+54 11 5555 0172',
    10,
    15000,
    '100% advance',
  ],
  [
    'Andes Monitoreo SpA',
    'AMS',
    'Chile',
    'Av. Apoquindo 3000, Las Condes, Santiago',
    '+56 2 2555 0190',
    12,
    20000,
    '50% advance / NET 30',
  ],
  [
    'Britannia Fleet Solutions Ltd',
    'BFS',
    'United Kingdom',
    '25 Canada Square, London E14 5LQ',
    '+44 20 5555 0134',
    22,
    90000,
    '100% 60 days',
  ],
  [
    'Emerald Telematics Ltd',
    'ETL',
    'Ireland',
    '2 Grand Canal Quay, Dublin D02 A342',
    '+353 1 555 0166',
    15,
    30000,
    '100% 30 days',
  ],
  [
    'Flotten-Technik GmbH',
    'FTG',
    'Germany',
    'Friedrichstraße 68, 10117 Berlin',
    '+49 30 5555 0177',
    20,
    75000,
    '100% 45 days',
  ],
  [
    'Géolocalisation Services SARL',
    'GLS',
    'France',
    '12 Rue de la Paix, 75002 Paris',
    '+33 1 55 55 01 23',
    18,
    45000,
    '100% 60 days',
  ],
  [
    'Tracciamento Italia S.r.l.',
    'TIT',
    'Italy',
    'Via Torino 40, 20123 Milano',
    '+39 02 5555 0145',
    15,
    35000,
    '50% advance / NET 90',
  ],
  [
    'Ibérica Flotas S.L.',
    'IBF',
    'Spain',
    'Calle de Alcalá 95, 28009 Madrid',
    '+34 91 555 0156',
    15,
    30000,
    '100% 30 days',
  ],
  [
    'Nederland Track B.V.',
    'NLT',
    'Netherlands',
    'Keizersgracht 555, 1017 DR Amsterdam',
    '+31 20 555 0118',
    18,
    40000,
    '100% 30 days',
  ],
  ['Nordic Fleet AB', 'NFA', 'Sweden', 'Kungsgatan 44, 111 35 Stockholm', '+46 8 555 0125', 20, 50000, '100% 45 days'],
  [
    'Polska Telematyka Sp. z o.o.',
    'PTS',
    'Poland',
    'ul. Marszałkowska 126, 00-008 Warszawa',
    '+48 22 555 0139',
    12,
    20000,
    '25% advance / NET 60',
  ],
  [
    'Anatolia Takip A.Ş.',
    'ATA',
    'Türkiye',
    'Büyükdere Cd. 185, 34394 Şişli/İstanbul',
    '+90 212 555 0174',
    10,
    15000,
    '100% advance',
  ],
  [
    'Gulf Telematics FZE',
    'GTF',
    'United Arab Emirates',
    'Jebel Ali Free Zone, LOB 15, Dubai',
    '+971 4 555 0192',
    20,
    70000,
    '50% advance / NET 30',
  ],
  [
    'Najd Fleet Tracking Est.',
    'NFT',
    'Saudi Arabia',
    'King Fahd Rd, Olaya, Riyadh 12214',
    '+966 11 555 0113',
    15,
    40000,
    '100% advance',
  ],
  [
    'Cape Tracking (Pty) Ltd',
    'CTP',
    'South Africa',
    '1 Adderley St, Cape Town 8001',
    '+27 21 555 0151',
    15,
    25000,
    '35% advance / NET 30',
  ],
  [
    'Savanna Fleet Kenya Ltd',
    'SFK',
    'Kenya',
    'Waiyaki Way, Westlands, Nairobi',
    '+254 20 555 0164',
    10,
    10000,
    '100% advance',
  ],
  [
    'Bharat Vehicle Tracking Pvt Ltd',
    'BVT',
    'India',
    'Bandra Kurla Complex, Mumbai 400051',
    '+91 22 5555 0181',
    25,
    60000,
    '25% advance / NET 90',
  ],
  [
    'Siam Telematics Co., Ltd.',
    'STC',
    'Thailand',
    '999 Rama I Rd, Pathum Wan, Bangkok 10330',
    '+66 2 555 0127',
    18,
    30000,
    '100% 30 days',
  ],
  [
    'Merlion Tracking Pte Ltd',
    'MTP',
    'Singapore',
    '10 Anson Rd, #22-02, Singapore 079903',
    '+65 6555 0138',
    20,
    55000,
    '100% 60 days',
  ],
  [
    'Nusantara GPS PT',
    'NGP',
    'Indonesia',
    'Jl. Jend. Sudirman Kav. 52, Jakarta 12190',
    '+62 21 5555 0159',
    12,
    20000,
    '50% advance / NET 30',
  ],
  [
    'Southern Cross Fleet Pty Ltd',
    'SCF',
    'Australia',
    '200 George St, Sydney NSW 2000',
    '+61 2 5555 0170',
    20,
    85000,
    '100% 45 days',
  ],
  ['Kiwi Track Ltd', 'KTL', 'New Zealand', '1 Queen St, Auckland 1010', '+64 9 555 0185', 15, 20000, '100% 30 days'],
];

/** Products the sales demo needs when the products area seeded none (codes prefixed SLS-). */
const FALLBACK_PRODUCTS: Array<[string, string, number, number, number]> = [
  ['SLS-GT100', 'GPS tracker, 4G LTE Cat-M1', 129, 0, 0],
  ['SLS-GT200', 'GPS tracker with CAN bus, 4G', 219, 0, 0],
  ['SLS-CAM10', 'Dual dash camera, AI driver monitoring', 349, 5, 0],
  ['SLS-HRN01', 'Wiring harness, universal', 18, 0, 0],
  ['SLS-ANT02', 'External GNSS/LTE combo antenna', 24, 0, 0],
  ['SLS-SHIP', 'Shipping and handling', 1, 0, 1],
];

const dealerEmail = (prefix: string, name: string) => {
  const domain = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .join('');
  return { main: `orders@${domain}.example`, accounts: `accounts@${domain}.example`, prefix };
};

/** Inserts the demo dealers; returns them with their ids. */
export async function seedDealers(db: Db, now: number) {
  const rows = await db
    .insert(dealers)
    .values(
      DEALERS.map(([name, prefix, country, address, phone, discount, credit, terms], i) => {
        const e = dealerEmail(prefix, name);
        return {
          name,
          prefix,
          oem: i % 9 === 4 ? 1 : 0,
          country,
          sameAddress: i % 3 === 0 ? 1 : 0,
          billingAddress: address,
          shippingAddress: i % 3 === 0 ? address : `Warehouse, ${address}`,
          billingEmail: e.accounts,
          shippingEmail: e.main,
          billingPhone: phone,
          shippingPhone: phone,
          email: e.main,
          email2: i % 2 === 0 ? e.accounts : '',
          phone,
          website: `https://www.${e.main.split('@')[1]}`,
          discount: String(discount),
          paymentTerms: terms,
          creditLimit: String(credit),
          orderNotes: i % 4 === 0 ? 'Ship with commercial invoice in triplicate.' : '',
          active: i === DEALERS.length - 1 ? 0 : 1,
          createdAt: now - 800 * 86400,
          updatedAt: now - 800 * 86400,
        };
      }),
    )
    .returning();
  return rows;
}

/** Active products for sales demo data; inserts the SLS- fallback set when there are none. */
export async function demoProducts(
  db: Db,
  now: number,
): Promise<
  Array<{
    id: number;
    code: string;
    desc: string;
    msrp: string;
    discount: string;
    isShippingCost: number;
    bomCost: string;
  }>
> {
  let list = await db
    .select({
      id: products.id,
      code: products.productCode,
      desc: products.desc,
      msrp: products.msrp,
      discount: products.discount,
      isShippingCost: products.isShippingCost,
      bomCost: products.bomCost,
    })
    .from(products)
    .where(eq(products.active, 1))
    .orderBy(asc(products.id));
  if (list.length === 0) {
    await db.insert(products).values(
      FALLBACK_PRODUCTS.map(([productCode, desc, msrp, discount, isShippingCost]) => ({
        productCode,
        desc,
        msrp: String(msrp),
        discount: String(discount),
        isShippingCost,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return demoProducts(db, now);
  }
  list = list.filter((p) => Number(p.msrp) > 0 || p.isShippingCost);
  return list;
}

/** ~30 dealers, ~600 orders and ~150 quotations over the last two years (fixed seed). */
export async function seedSales(db: Db, ctx: { now: number }) {
  const { now } = ctx;
  const r = prng(20261122);
  const ds = await seedDealers(db, now);
  const ps = await demoProducts(db, now);
  const goods = ps.filter((p) => !p.isShippingCost);
  const shipping = ps.find((p) => p.isShippingCost);
  const day = 86400;
  const twoYears = 730 * day;

  const makeDoc = (i: number, kind: 'order' | 'quotation') => {
    const d = r.pick(ds.filter((x) => x.active === 1));
    const age = Math.floor(r.next() ** 1.3 * twoYears);
    const date = now - age;
    const lines = Array.from({ length: r.int(1, 4) }, () => {
      const p = r.pick(goods.length ? goods : ps);
      const discount = Number(p.discount) > 0 ? Number(p.discount) : Number(d.discount);
      return {
        productId: p.id,
        name: p.desc,
        quantity: r.pick([1, 2, 5, 10, 10, 20, 25, 50, 100]),
        msrp: Number(p.msrp),
        discount,
        bomCost: Number(p.bomCost),
        isShippingCost: 0,
        active: 1,
      };
    });
    if (shipping && r.chance(0.7)) {
      lines.push({
        productId: shipping.id,
        name: shipping.desc,
        quantity: 1,
        msrp: r.pick([45, 80, 120, 250, 400]),
        discount: 0,
        bomCost: 0,
        isShippingCost: 1,
        active: 1,
      });
    }
    const totals = orderTotals(lines.map((l) => ({ ...l, is_shipping_cost: l.isShippingCost })));
    const old = age > 45 * day;
    let status: 'wait' | 'ship' | 'done' | 'cancel' = old ? 'done' : r.pick(['wait', 'wait', 'ship', 'done'] as const);
    if (r.chance(0.05)) status = 'cancel';
    const paid = status !== 'cancel' && (old ? r.chance(0.85) : r.chance(0.2));
    const received = paid ? totals.value : r.chance(0.3) ? Math.round(totals.value * 0.5 * 100) / 100 : 0;
    const year = new Date(date * 1000).getUTCFullYear();
    const ref = `${d.prefix}${String(year).slice(2)}-${String(1000 + i)}`;
    const awb = status === 'done' ? `${r.int(100, 999)}-${r.int(10000000, 99999999)}` : '';
    return {
      dealerId: d.id,
      dealerName: d.name,
      date,
      quoteRef: kind === 'quotation' ? `Q-${ref}` : '',
      ocRef: kind === 'order' ? `OC-${ref}` : '',
      invoice: kind === 'order' && status === 'done' ? `INV-${ref}` : '',
      note: r.chance(0.3)
        ? r.pick(['Urgent', 'Partial shipment allowed', 'Replacement units', 'Pilot project', 'Call before delivery'])
        : '',
      customerRef: r.chance(0.5) ? `PO-${r.int(10000, 99999)}` : '',
      value: String(totals.value),
      shippingCost: String(totals.shipping_cost),
      actualShippingCost: String(Math.round(totals.shipping_cost * 0.8 * 100) / 100),
      shippingStatus: kind === 'order' ? status : 'wait',
      shippingForToday: kind === 'order' && status === 'ship' && r.chance(0.3) ? 1 : 0,
      shippingDateExpected: kind === 'order' && status !== 'cancel' ? date + r.int(7, 30) * day : null,
      shippingDate: status === 'done' ? date + r.int(5, 25) * day : null,
      shippingAwb: kind === 'order' ? awb : '',
      shippingWeight: status === 'done' ? `${r.int(2, 80)} kg` : '',
      paymentStatus: kind === 'order' && paid ? 'paid' : 'not paid',
      paymentDueDate: date + 30 * day,
      paymentDate: paid ? date + r.int(1, 40) * day : null,
      paymentFull: String(paid ? totals.value : 0),
      // The demo obeys the payment rule the saves apply (contract/payments.ts).
      ...(() => {
        const f = paymentFigures({
          kind,
          value: totals.value,
          payment_status: kind === 'order' && paid ? 'paid' : 'not paid',
          shipping_status: kind === 'order' ? status : 'wait',
          payment_advance: 0,
          payment_received: kind === 'order' ? received : 0,
        });
        return {
          paymentReceived: String(f.payment_received),
          outstanding: String(f.outstanding),
          outstandingShipped: String(f.outstanding_shipped),
        };
      })(),
      requestToDelete: kind === 'order' && i % 150 === 7 ? 1 : kind === 'quotation' && i % 50 === 3 ? 1 : 0,
      testStatus: status === 'done' ? 'completed' : 'pending',
      billingCountry: d.country,
      billingCompany: d.name,
      billingAddress: d.billingAddress,
      billingEmail: d.billingEmail,
      billingPhone: d.billingPhone,
      shippingCountry: d.country,
      shippingCompany: d.name,
      shippingAddress: d.shippingAddress,
      shippingEmail: d.shippingEmail,
      shippingPhone: d.shippingPhone,
      invoiceNote: d.orderNotes,
      createdAt: date,
      updatedAt: date,
      lines,
    };
  };

  for (const [kind, count] of [
    ['order', 600],
    ['quotation', 150],
  ] as const) {
    const { t: table, lines: lineTable } = KINDS[kind];
    const docs = Array.from({ length: count }, (_x, i) => makeDoc(i, kind)).sort((a, b) => a.date - b.date);
    for (let i = 0; i < docs.length; i += 100) {
      const batch = docs.slice(i, i + 100);
      // Orders past 'wait' carry their OC PDF, as shipping's and production's saves require.
      const needOc = kind === 'order' ? batch.filter((d) => d.shippingStatus !== 'wait') : [];
      const ocIds = needOc.length
        ? await db
            .insert(files)
            .values(
              needOc.map((d) => ({
                sha256: DEMO_OC_SHA,
                size: DEMO_OC_PDF.length,
                mime: 'application/pdf',
                fileName: `${d.ocRef}.pdf`,
                createdAt: d.date,
              })),
            )
            .returning({ id: files.id })
        : [];
      const ocFile = new Map(needOc.map((d, j) => [d, ocIds[j]!.id]));
      const ids = await db
        .insert(table)
        .values(
          batch.map((d) => {
            const { lines: _l, ...doc } = d;
            return { ...doc, ocFileId: ocFile.get(d) ?? null };
          }),
        )
        .returning({ id: table.id });
      await db.insert(lineTable).values(
        batch.flatMap((doc, j) =>
          doc.lines.map((l, position) => ({
            ...l,
            docId: ids[j]!.id,
            position,
            msrp: String(l.msrp),
            discount: String(l.discount),
            bomCost: String(l.bomCost),
          })),
        ),
      );
    }
  }
  // Bulk inserts bypass the save path: the rollup and what each order has to test follow what was inserted.
  await rebuildRollup(db);
  await refreshTestable(db);
  await db.execute(sql`analyze dealers, orders, order_lines, quotations, quotation_lines`);
}
