import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partComponents, suppliers } from '../../db/schema/parts';
import { bomLines, products, productTestSteps } from '../../db/schema/products';
import { recomputeBomCosts } from './boms';

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
    price: (min: number, max: number, decimals = 2) => (min + next() * (max - min)).toFixed(decimals),
  };
}

const SUPPLIERS = [
  ['Digi-Key Electronics', 'Mark Jensen', '701 Brooks Ave S, Thief River Falls, MN 56701, USA', '+1 218-681-6674'],
  ['Mouser Electronics', 'Laura Whitfield', '1000 N Main St, Mansfield, TX 76063, USA', '+1 817-804-3800'],
  ['Arrow Electronics Asia', 'Kenneth Lim', '8 Kallang Ave, #09-01, Singapore 339509', '+65 6415 3333'],
  ['Avnet Asia Pte Ltd', 'Mei Ling Tan', '151 Lorong Chuan, #06-01, Singapore 556741', '+65 6580 6000'],
  ['Future Electronics', 'Daniel Roy', '237 Hymus Blvd, Pointe-Claire, QC H9R 5C7, Canada', '+1 514-694-7710'],
  ['RS Components', 'Sarah Collins', 'Birchington Rd, Corby NN17 9RS, United Kingdom', '+44 1536 201201'],
  ['Farnell element14', 'Oliver Grant', '150 Armley Rd, Leeds LS12 2QQ, United Kingdom', '+44 113 263 6311'],
  ['TTI Inc.', 'Rebecca Moore', '2441 Northeast Pkwy, Fort Worth, TX 76106, USA', '+1 817-740-9000'],
  ['LCSC Electronics', 'Wei Zhang', 'Futian District, Shenzhen, Guangdong 518000, China', '+86 755 8321 0457'],
  ['PCBWay Shenzhen', 'Lily Chen', 'Bao An District, Shenzhen, Guangdong 518103, China', '+86 571 8531 7532'],
  ['Bangkok Enclosure Works', 'Somchai Prasert', '99 Moo 4, Bang Phli, Samut Prakan 10540, Thailand', '+66 2 312 4455'],
  [
    'Pacific Cable Assemblies',
    'Jose Ramirez',
    '12 Industrial Rd, Laguna Technopark, Biñan, Laguna, Philippines',
    '+63 49 541 2200',
  ],
  [
    'Metro Manila Packaging Corp.',
    'Ana Santos',
    '45 Pioneer St, Mandaluyong City 1550, Philippines',
    '+63 2 8631 7788',
  ],
  [
    'Quectel Wireless Solutions',
    'Jason Xu',
    '1801 Hongmei Rd, Xuhui District, Shanghai 200233, China',
    '+86 21 5108 6236',
  ],
  ['Wurth Elektronik Asia', 'Stefan Braun', '1 Kaki Bukit View, #03-28, Singapore 415941', '+65 6908 2355'],
] as const;

/** [manufacturer, part-number pattern, description, price range USD, unit] per part family. */
const PART_FAMILIES: Array<[string, (n: number) => string, (n: number) => string, [number, number], string]> = [
  ['Yageo', (n) => `RC0603FR-07${(n % 90) + 10}KL`, (n) => `Resistor ${(n % 90) + 10}k 1% 0603`, [0.002, 0.02], 'pcs'],
  ['Murata', (n) => `GRM188R71H${100 + n}KA01D`, (n) => `MLCC ${n + 1}nF 50V X7R 0603`, [0.005, 0.06], 'pcs'],
  ['Kemet', (n) => `T491A${100 + n}K016AT`, (n) => `Tantalum capacitor ${n + 1}uF 16V`, [0.08, 0.45], 'pcs'],
  ['Microchip', (n) => `PIC32MX${300 + n}F128H`, () => '32-bit MCU, 128KB flash', [2.1, 6.8], 'pcs'],
  ['STMicroelectronics', (n) => `STM32F${400 + n}RGT6`, () => 'ARM Cortex-M4 MCU, LQFP64', [3.5, 9.9], 'pcs'],
  ['Texas Instruments', (n) => `TPS54${300 + n}DDAR`, () => 'Step-down converter 3A, SO-8', [0.6, 2.4], 'pcs'],
  ['Analog Devices', (n) => `ADM${3000 + n}EARZ`, () => 'RS-485 transceiver, isolated', [1.8, 5.5], 'pcs'],
  ['NXP', (n) => `PCA${9500 + n}PW`, () => 'I2C GPIO expander, TSSOP', [0.4, 1.6], 'pcs'],
  ['Sensirion', (n) => `SHT${30 + (n % 60)}-DIS-B${n}`, () => 'Humidity and temperature sensor', [2.5, 7.9], 'pcs'],
  ['Quectel', (n) => `EC${20 + n}EUGA-512-SGNS`, () => 'LTE Cat 4 module', [18, 42], 'pcs'],
  ['u-blox', (n) => `SARA-R${400 + n}M-02B`, () => 'LTE-M / NB-IoT module', [12, 28], 'pcs'],
  ['TE Connectivity', (n) => `5-${1100 + n}-2`, () => 'RJ45 jack, shielded, with LEDs', [0.7, 2.3], 'pcs'],
  ['Molex', (n) => `43045-${1000 + n}`, () => 'Micro-Fit 3.0 header, dual row', [0.3, 1.1], 'pcs'],
  ['Amphenol', (n) => `SMA-J-P-H-ST-EM${n}`, () => 'SMA jack, edge mount', [0.9, 3.2], 'pcs'],
  ['Wurth Elektronik', (n) => `7447${7000 + n}`, () => 'SMD power inductor', [0.2, 0.9], 'pcs'],
  ['Bourns', (n) => `SMBJ${5 + n}CA`, () => 'TVS diode 600W bidirectional', [0.1, 0.4], 'pcs'],
  ['ON Semiconductor', (n) => `NCP${1100 + n}ST50T3G`, () => 'LDO regulator 5V, SOT-223', [0.2, 0.8], 'pcs'],
  ['Panasonic', (n) => `EEE-FK1V${100 + n}P`, () => 'Aluminium electrolytic capacitor, SMD', [0.1, 0.5], 'pcs'],
  ['PCBWay', (n) => `PCB-BPM-${String(n + 1).padStart(3, '0')}`, () => 'Main board PCB, 4 layer FR4', [1.5, 6], 'pcs'],
  ['Bangkok Enclosure', (n) => `ENC-AL-${100 + n}`, () => 'Aluminium enclosure, anodised', [3.8, 14], 'pcs'],
  ['Pacific Cable', (n) => `CBL-RJ45-${n + 1}M`, (n) => `Cat5e cable assembly ${n + 1} m`, [0.6, 4.5], 'pcs'],
  ['Essentra', (n) => `SCR-M3-${6 + n}`, (n) => `Machine screw M3 x ${6 + n} mm, stainless`, [0.01, 0.05], 'pcs'],
  ['Brady', (n) => `LBL-${2000 + n}`, () => 'Polyester product label, printed', [0.02, 0.15], 'pcs'],
];

/** [code, desc, msrp, warranty days, pl_serial_count, has_modem, test required, warning] */
type ProductSeed = [string, string, number, number, number, 0 | 1, 0 | 1, string];

const BASE_UNITS: ProductSeed[] = [
  ['SP2PLUS', 'sensorProbe2+ 2-port network monitoring device', 395, 730, 1, 0, 1, ''],
  ['SP8-LCD', 'sensorProbe8 8-port monitor with LCD', 895, 730, 1, 0, 1, ''],
  ['SEC5E', 'securityProbe 5E base unit, 6 sensor ports', 1295, 730, 1, 0, 1, ''],
  ['SEC5E-X20', 'securityProbe 5E with X20 expansion, 20 dry contacts', 1895, 730, 2, 0, 1, ''],
  ['SP1PLUS', 'sensorProbe1+ single-port monitor, PoE', 229, 365, 1, 0, 1, ''],
  ['SPX-PLUS', 'sensorProbeX+ configurable monitor, DIN rail', 745, 730, 1, 0, 1, ''],
  ['NMD-100', 'Network monitoring device 100, 4 sensor ports', 549, 730, 1, 0, 1, ''],
  ['NMD-200', 'Network monitoring device 200, 8 sensor ports, dual PSU', 989, 1095, 1, 0, 1, ''],
  ['NMD-400R', 'Network monitoring device 400, 1U rack, 16 ports', 1790, 1095, 1, 0, 1, ''],
  [
    'EDGE-GW',
    'Edge gateway with Modbus and SNMP',
    1150,
    730,
    1,
    0,
    1,
    'Requires firmware 4.2 or later on connected units.',
  ],
];

const MODEMS: ProductSeed[] = [
  [
    'MDM-LTE-GL',
    'Internal LTE Cat 4 modem, global bands',
    289,
    365,
    1,
    1,
    1,
    'Confirm the carrier bands with the dealer.',
  ],
  ['MDM-5G-SUB6', 'Internal 5G sub-6 GHz modem', 549, 365, 1, 1, 1, 'Confirm the carrier bands with the dealer.'],
  [
    'MDM-3G-EU',
    '3G/UMTS modem, Europe (legacy)',
    159,
    365,
    1,
    1,
    1,
    '3G networks are shutting down in many countries.',
  ],
  ['MDM-LTEM', 'LTE-M / NB-IoT low power modem', 199, 365, 1, 1, 1, ''],
  ['MDM-SAT', 'Satellite messaging modem', 899, 365, 1, 1, 1, 'Export license may be required.'],
  ['MDM-LTE-EXT', 'External LTE modem with 5 m antenna cable', 349, 365, 1, 1, 1, ''],
];

const SENSORS: Array<[string, string, number]> = [
  ['SEN-TEMP', 'Temperature sensor, -40 to 75 °C', 59],
  ['SEN-TH', 'Temperature and humidity sensor', 99],
  ['SEN-TH-DUAL', 'Dual temperature and humidity sensor', 149],
  ['SEN-WATER-ROPE', 'Water leak rope sensor, 3 m', 129],
  ['SEN-SMOKE', 'Smoke detector, 12 V', 119],
  ['SEN-DOOR', 'Magnetic door contact sensor', 39],
  ['SEN-MOTION', 'PIR motion detector', 79],
  ['SEN-ACV', 'AC voltage detector 90–250 V', 89],
  ['SEN-DCV', 'DC voltage sensor ±60 V', 99],
  ['SEN-AIRFLOW', 'Airflow sensor for racks', 109],
  ['SEN-VIB', 'Vibration sensor', 95],
  ['SEN-SIREN', 'Siren and strobe light', 85],
  ['SEN-PWR', 'Power meter, single phase', 249],
  ['SEN-FUEL', 'Ultrasonic fuel level sensor', 389],
  ['SEN-DRY', 'Dry contact input cable', 29],
  ['SEN-CAM', 'IP camera for security units', 199],
  ['SEN-TC-K', 'Thermocouple type K interface', 139],
  ['SEN-420', '4–20 mA current loop interface', 119],
  ['SEN-LOCK', 'Rack door electronic lock', 329],
  ['SEN-CO2', 'CO2 sensor, NDIR', 279],
  ['SEN-H2', 'Hydrogen gas sensor for battery rooms', 459],
  ['SEN-LIGHT', 'Light level sensor', 69],
  ['SEN-SOUND', 'Sound level detector', 89],
  ['SEN-TEMP-WP', 'Waterproof temperature probe, 5 m', 79],
];

const ACCESSORIES: Array<[string, string, number, string]> = [
  ['CBL-EXT-3M', 'RJ45 sensor extension cable 3 m', 9, ''],
  ['CBL-EXT-5M', 'RJ45 sensor extension cable 5 m', 12, ''],
  ['CBL-EXT-10M', 'RJ45 sensor extension cable 10 m', 18, ''],
  ['CBL-EXT-20M', 'RJ45 sensor extension cable 20 m', 29, ''],
  ['CBL-EXT-50M', 'RJ45 sensor extension cable 50 m', 59, 'Cables over 20 m need the line booster (ACC-BOOST).'],
  ['CBL-Y-SPLIT', 'RJ45 Y splitter cable', 15, ''],
  ['PSU-12V-EU', 'Power adapter 12 V 2 A, EU plug', 19, ''],
  ['PSU-12V-US', 'Power adapter 12 V 2 A, US plug', 19, ''],
  ['PSU-12V-UK', 'Power adapter 12 V 2 A, UK plug', 19, ''],
  ['PSU-48V-DC', 'DC/DC converter 48 V input', 89, ''],
  ['ACC-RACK-1U', 'Rack mount kit 1U', 39, ''],
  ['ACC-DIN', 'DIN rail mounting kit', 19, ''],
  ['ACC-ANT-LTE', 'LTE antenna, magnetic base, 3 m', 35, ''],
  ['ACC-ANT-5G', '5G antenna, wall mount', 69, ''],
  ['ACC-UPS-MINI', 'Mini UPS battery backup 12 V', 149, 'Lithium battery: ships by sea or ground only.'],
  ['ACC-BOOST', 'Sensor line booster', 49, ''],
  ['ACC-BRACKET', 'Wall mount bracket', 14, ''],
  ['ACC-SMS-SIM', 'Pre-activated data SIM, 12 months', 99, 'SIM activation takes 2 working days.'],
  ['ACC-MANUAL', 'Printed installation manual', 5, ''],
];

const STEP_TEXT = [
  'Visual inspection: enclosure, labels and connectors undamaged',
  'Power on with 12 V supply; power LED lights within 5 s',
  'Connect to the network; obtains an IP address by DHCP',
  'Log in to the web interface with the default credentials',
  'Firmware version matches the release sheet',
  'All sensor ports detect the reference temperature sensor',
  'Dry contact inputs change state when shorted',
  'Relay output switches and the LED follows',
  'SNMP walk answers from a test station',
  'Send a test e-mail notification',
  'Modem registers on the network and shows signal strength',
  'Send and receive a test SMS',
  'Burn-in test: 4 hours at 45 °C without fault',
  'Factory reset and verify default settings',
  'Record MAC address and serial number on the checklist',
  'Attach serial label and pack with accessories',
];

export async function seedProducts(db: Db, { now }: { now: number }): Promise<void> {
  const r = prng(20261122);

  await db.insert(suppliers).values(
    SUPPLIERS.map(([name, contact, address, phone], i) => ({
      name,
      contactPerson: contact,
      supplier2303: i % 3 === 0 ? `${r.int(100, 999)}-${r.int(100, 999)}-${r.int(100, 999)}-000` : '',
      address,
      email: `${contact.split(' ')[0]!.toLowerCase()}@${name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '')
        .slice(0, 14)}.example.com`,
      phone,
      bankDetails: i % 2 === 0 ? `Bank: Example Bank\nSWIFT: EXBK${i}XXX\nAccount: ${r.int(10000000, 99999999)}` : '',
      createdAt: now - (SUPPLIERS.length - i) * 86400,
      updatedAt: now,
    })),
  );

  const partRows: Array<typeof partComponents.$inferInsert> = [];
  for (let i = 0; partRows.length < 200; i++) {
    const fam = PART_FAMILIES[i % PART_FAMILIES.length]!;
    const n = Math.floor(i / PART_FAMILIES.length);
    const [manufacturer, mpn, desc, [lo, hi], unit] = fam;
    const price = r.price(lo, hi, lo < 0.1 ? 4 : 2);
    const local = r.next() < 0.25;
    partRows.push({
      manufPartNumber: mpn(n),
      manufacturer,
      description: desc(n),
      price,
      localPrice: local ? (Number(price) * 56.2).toFixed(2) : null,
      localCurrency: local ? 'PHP' : 'USD',
      unit,
      active: r.next() < 0.95 ? 1 : 0,
      createdAt: now - (200 - partRows.length) * 3600,
      updatedAt: now,
    });
  }
  const parts = await db.insert(partComponents).values(partRows).returning({ id: partComponents.id });

  const productRows: Array<typeof products.$inferInsert> = [];
  const add = (p: ProductSeed, extra: Partial<typeof products.$inferInsert> = {}) => {
    const [code, desc, msrp, warranty, serials, modem, test, warning] = p;
    productRows.push({
      productCode: code,
      hsCode: modem ? '8517.62.00' : code.startsWith('CBL') ? '8544.42.00' : '9025.19.00',
      desc,
      msrp: msrp.toFixed(2),
      discount: String(r.pick([0, 0, 5, 10, 15, 20])),
      warranty,
      plSerialCount: serials,
      hasModem: modem,
      isTestRequired: test,
      warning,
      createdAt: now - (60 - productRows.length) * 86400,
      updatedAt: now,
      ...extra,
    });
  };
  for (const p of BASE_UNITS) add(p);
  for (const p of MODEMS) add(p);
  for (const [code, desc, msrp] of SENSORS) add([code, desc, msrp, 365, 1, 0, 1, '']);
  for (const [code, desc, msrp, warning] of ACCESSORIES)
    add([code, desc, msrp, 180, 0, 0, 0, warning], { excludePlItemCount: code === 'ACC-MANUAL' ? 1 : 0 });
  add(['SHIPPING-COST', 'Shipping Cost', 0, 0, 0, 0, 0, ''], { isShippingCost: 1, excludePlItemCount: 1 });
  // One discontinued product, so the status filter shows something.
  productRows.find((p) => p.productCode === 'MDM-3G-EU')!.active = 0;
  const created = await db
    .insert(products)
    .values(productRows)
    .returning({ id: products.id, code: products.productCode });

  const lines: Array<typeof bomLines.$inferInsert> = [];
  const steps: Array<typeof productTestSteps.$inferInsert> = [];
  for (const p of created) {
    if (p.code === 'SHIPPING-COST') continue;
    const count = r.int(5, 15);
    const used = new Set<number>();
    while (used.size < count) used.add(parts[r.int(0, parts.length - 1)]!.id);
    let ref = 1;
    for (const partId of used) {
      const qty = r.next() < 0.7 ? r.int(1, 4) : r.int(5, 40);
      lines.push({
        productId: p.id,
        partId,
        quantity: String(qty),
        ref: r.next() < 0.6 ? `U${ref++}` : '',
        remark: r.next() < 0.1 ? 'Second source allowed' : '',
        altParts: r.next() < 0.1 ? [parts[r.int(0, parts.length - 1)]!.id].filter((a) => a !== partId) : [],
        createdAt: now,
        updatedAt: now,
      });
    }
    const n = r.int(3, 8);
    const start = r.int(0, STEP_TEXT.length - n);
    for (let i = 0; i < n; i++)
      steps.push({ productId: p.id, siNumber: i + 1, testDesc: STEP_TEXT[start + i]!, createdAt: now, updatedAt: now });
  }
  await db.insert(bomLines).values(lines);
  await db.insert(productTestSteps).values(steps);
  await db.update(products).set({ bomRev: 'A' }).where(sql`id in (select distinct product_id from bom_lines)`);
  await recomputeBomCosts(db, sql`true`);
}
