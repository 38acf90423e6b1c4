import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { licenseList, licenseRequest, MAC_PATTERN } from '@bpm/contract/license';
import { MSG } from '@bpm/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  KEY_FILE,
  loadSigningKey,
  makeKey,
  parsePrivateKey,
  verifyKey,
} from '../src/modules/license/key';
import { signingKey } from '../src/modules/license/service';
import { createDealer } from './factories/sales';
import { makeChecklist, makeTestedOrder } from './factories/testing';
import { userId } from './factories/users';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = Parameters<TestApp['as']>[0];
const post = async (role: Role, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/license/${url}`, headers: await t.as(role), payload: payload as object });
const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.as(role) });

// A fixed test key (a 32-byte seed), so the vectors below are stable.
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const priv = parsePrivateKey(SEED);
const pub = createPublicKey(priv);
const OPTS = [
  { code: 'pro', value: 1 },
  { code: 'radius', value: 1 },
  { code: 'sensors', value: 16 },
  { code: '5dc', value: 255 },
] as const;

describe('license key format', () => {
  it('is deterministic, typeable and verifies for its MAC and options', () => {
    const k1 = makeKey(priv, 'license', '00:0b:dc:12:34:56', [...OPTS]);
    const k2 = makeKey(priv, 'license', '00-0B-DC-12-34-56', [...OPTS]);
    expect(k1).toBe(k2);
    expect(k1).toMatch(/^[0-9A-HJKMNP-TV-Z]{1,6}(-[0-9A-HJKMNP-TV-Z]{1,6})+$/);
    expect(k1.replace(/-/g, '')).toHaveLength(114);
    expect(verifyKey(pub, k1, '000BDC123456')).toEqual({ version: 1, kind: 'license', license: [...OPTS] });
    // Typed in lower case, with O for 0 and dashes dropped, it still verifies.
    expect(verifyKey(pub, k1.toLowerCase().replace(/-/g, '').replace(/0/g, 'o'), '000bdc123456')).not.toBeNull();
  });

  it('fails verification for a changed MAC, option, count, kind or key', () => {
    const key = makeKey(priv, 'license', '000BDC123456', [...OPTS]);
    expect(verifyKey(pub, key, '000BDC123457')).toBeNull();
    const bytes = base32Decode(key)!;
    const tamper = (i: number, v: number) => {
      const b = Uint8Array.from(bytes);
      b[i] = v;
      return base32Encode(b);
    };
    expect(verifyKey(pub, tamper(1, 2), '000BDC123456')).toBeNull(); // kind → activation
    expect(verifyKey(pub, tamper(3, bytes[3]! | 4), '000BDC123456')).toBeNull(); // one more option flag
    expect(verifyKey(pub, tamper(4, 17), '000BDC123456')).toBeNull(); // sensors 16 → 17
    expect(verifyKey(pub, tamper(6, 254), '000BDC123456')).toBeNull(); // 5dc unlimited → 254
    expect(verifyKey(pub, tamper(20, bytes[20]! ^ 1), '000BDC123456')).toBeNull(); // signature
    expect(verifyKey(pub, `${key}-A`, '000BDC123456')).toBeNull();
    expect(verifyKey(pub, 'not a key!', '000BDC123456')).toBeNull();
    // A license and an activation code for the same input differ and do not stand in for each other.
    const act = makeKey(priv, 'activation', '000BDC123456', [...OPTS]);
    expect(act).not.toBe(key);
    expect(verifyKey(pub, act, '000BDC123456')?.kind).toBe('activation');
  });

  it('round-trips Crockford base32', () => {
    const b = Uint8Array.from([0, 1, 2, 250, 255, 17, 99]);
    expect(base32Decode(base32Encode(b))).toEqual(b);
  });
});

describe('license rules (document 2 section 5)', () => {
  it('accepts MACs with no, ":" or "-" separators and refuses the rest', () => {
    for (const ok of ['000BDC123456', '00:0b:dc:12:34:56', '00-0B-DC-12-34-56'])
      expect(MAC_PATTERN.test(ok)).toBe(true);
    for (const bad of [
      '000BDC12345',
      '00:0B-DC:12:34:56',
      '00:0B:DC:12:34:5G',
      '000BDC1234567',
      '00 0B DC 12 34 56',
      '',
    ])
      expect(MAC_PATTERN.test(bad)).toBe(false);
  });

  it('lists counts only above 0 and pro only when selected', () => {
    const none = { pro: false, sensors: 0, vsens: 0, '5dc': 0 } as const;
    const flags = {
      radius: false,
      tacacs: true,
      spxn_dry10: false,
      spxn_relays: false,
      spxn_vdc: false,
      sp1plus_temp: false,
      sp1plus_dcmr: false,
      sp2pluslcd_temp: false,
      sp2pluslcd_dc: false,
    };
    expect(licenseList({ ...none, ...flags })).toEqual([{ code: 'tacacs', value: 1 }]);
    expect(licenseList({ ...none, ...flags, pro: true, vsens: 3 })).toEqual([
      { code: 'pro', value: 1 },
      { code: 'tacacs', value: 1 },
      { code: 'vsens', value: 3 },
    ]);
    expect(licenseRequest.safeParse({ mac: '000BDC123456', license: [{ code: 'sensors', value: 0 }] }).success).toBe(
      false,
    );
  });
});

describe('POST /license/genLicense and /license/genActivateCode', () => {
  it('answers {data: {license}} that verifies with the server key, and records it', async () => {
    const res = await post('sale', 'genLicense', { mac: '00:0b:dc:aa:bb:01', license: OPTS });
    expect(res.statusCode).toBe(200);
    const { license } = res.json().data;
    expect(Object.keys(res.json().data)).toEqual(['license']);
    expect(verifyKey(signingKey(t.config).publicKey, license, '000BDCAABB01')?.license).toEqual([...OPTS]);
    // Same input, same key.
    expect((await post('admin', 'genLicense', { mac: '00-0B-DC-AA-BB-01', license: OPTS })).json().data.license).toBe(
      license,
    );
    const act = await post('admin', 'genActivateCode', { mac: '000bdcaabb01', license: [{ code: 'pro', value: 1 }] });
    expect(act.statusCode).toBe(200);
    expect(verifyKey(signingKey(t.config).publicKey, act.json().data.license, '000BDCAABB01')?.kind).toBe('activation');
    // The key was generated into DATA_DIR with its public half beside it.
    expect(existsSync(join(t.config.dataDir, 'license-key.pem'))).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'license-public.pem'))).toBe(true);
  });

  it('refuses a bad MAC with the message on cause.mac', async () => {
    for (const mac of ['00:0B:DC:12:34', 'zz:0b:dc:12:34:56', '00:0B-DC:12:34:56']) {
      const res = await post('sale', 'genLicense', { mac, license: OPTS });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.macInvalid, cause: { mac: MSG.macInvalid } });
    }
    const missing = await post('sale', 'genLicense', { license: OPTS });
    expect(missing.json().cause.mac).toBe(MSG.required);
  });

  it('refuses counts outside 0–255, no option, and unknown options', async () => {
    const mac = '000BDC123456';
    const range = await post('sale', 'genLicense', { mac, license: [{ code: 'sensors', value: 256 }] });
    expect(range.statusCode).toBe(400);
    expect(range.json().cause.sensors).toBe('Please enter a value between 0 and 255.');
    const neg = await post('sale', 'genLicense', {
      mac,
      license: [
        { code: 'vsens', value: -1 },
        { code: 'pro', value: 1 },
      ],
    });
    expect(neg.json().cause.vsens).toBe('Please enter a value between 0 and 255.');
    const frac = await post('sale', 'genLicense', { mac, license: [{ code: '5dc', value: 2.5 }] });
    expect(frac.json().cause['5dc']).toBe('Please enter a value between 0 and 255.');
    for (const license of [[], [{ code: 'sensors', value: 0 }]]) {
      const none = await post('sale', 'genActivateCode', { mac, license });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        message: MSG.licenseOptionRequired,
        cause: { license: MSG.licenseOptionRequired },
      });
    }
    const unknown = await post('sale', 'genLicense', { mac, license: [{ code: 'bogus', value: 1 }] });
    expect(unknown.statusCode).toBe(400);
  });

  it('is for administrator and sale only', async () => {
    for (const role of ['shipping', 'production', 'purchase', 'qa', 'poapproval', 'tester'] as const)
      expect((await post(role, 'genLicense', { mac: '000BDC123456', license: OPTS })).statusCode).toBe(403);
  });
});

describe('license registry', () => {
  it('finds licenses by MAC in any notation or by dealer, newest first, with an event each', async () => {
    const dealer = await createDealer(t, { name: 'Registry Dealer GmbH' });
    const res = await post('sale', 'genLicense', {
      mac: '02:00:00:ab:cd:ef',
      license: [{ code: 'vsens', value: 4 }],
      dealer_id: dealer.id,
      serial: 'SN-100',
    });
    expect(res.statusCode).toBe(200);
    const byMac = (await get('sale', '/api/license/registry?search=02-00-00-AB-CD-EF')).json();
    expect(byMac.total).toBe(1);
    expect(byMac.data[0]).toMatchObject({
      kind: 'license',
      mac: '02-00-00-AB-CD-EF',
      license: [{ code: 'vsens', value: 4 }],
      key: res.json().data.license,
      dealer_id: dealer.id,
      dealer_name: 'Registry Dealer GmbH',
      serial: 'SN-100',
      created_by: expect.any(String),
    });
    expect((await get('sale', '/api/license/registry?search=abcdef')).json().total).toBe(1);
    expect((await get('sale', '/api/license/registry?search=registry dealer')).json().total).toBe(1);
    expect((await get('sale', `/api/license/registry?dealer=${dealer.id}`)).json().total).toBe(1);
    expect((await get('sale', '/api/license/registry?search=ffffffffff')).json().total).toBe(0);
    const ev = (await get('admin', '/api/events?search=license_generated')).json();
    expect(ev.total).toBeGreaterThan(0);
    const unknownDealer = await post('sale', 'genLicense', { mac: '000BDC123456', license: OPTS, dealer_id: 999999 });
    expect(unknownDealer.json().cause.dealer_id).toBe(MSG.dealerUnknown);
    expect((await get('shipping', '/api/license/registry')).statusCode).toBe(403);
  });

  it('licenses several devices in one call (all or none), each key for its own MAC', async () => {
    const dealer = await createDealer(t, { name: 'Batch Dealer' });
    const devices = [
      { mac: '02:00:00:00:00:01', serial: 'PL-1' },
      { mac: '02-00-00-00-00-02', serial: 'PL-2' },
    ];
    const res = await post('sale', 'batch', {
      license_type: 'activation',
      license: [{ code: 'radius', value: 1 }],
      devices,
      dealer_id: dealer.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data as Array<{ mac: string; serial: string; license: string }>;
    expect(out.map((d) => [d.mac, d.serial])).toEqual([
      ['02-00-00-00-00-01', 'PL-1'],
      ['02-00-00-00-00-02', 'PL-2'],
    ]);
    const pk = signingKey(t.config).publicKey;
    expect(verifyKey(pk, out[0]!.license, '020000000001')?.kind).toBe('activation');
    expect(verifyKey(pk, out[0]!.license, '020000000002')).toBeNull();
    expect((await get('sale', `/api/license/registry?dealer=${dealer.id}`)).json().total).toBe(2);
    // One bad MAC: nothing is recorded.
    const bad = await post('sale', 'batch', {
      license_type: 'license',
      license: [{ code: 'pro', value: 1 }],
      devices: [{ mac: '02:00:00:00:00:03' }, { mac: 'nope' }],
      dealer_id: dealer.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().cause['devices.1.mac']).toBe(MSG.macInvalid);
    expect((await get('sale', `/api/license/registry?dealer=${dealer.id}`)).json().total).toBe(2);
  });

  it("hangs a key on the unit whose serial it names, and finds a packing list's keys by their serials", async () => {
    const { line } = await makeTestedOrder(t);
    const c = await makeChecklist(t, line.id, await userId(t, 'tester'));
    const serial = `UNIT-LIC-${c.id}`;
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/tester/testChecklist/test/saveSerials/${c.id}`,
      headers: await t.as('tester'),
      payload: { serials: [serial] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await post('sale', 'batch', {
      license_type: 'license',
      license: [{ code: 'pro', value: 1 }],
      devices: [
        { mac: '02:00:00:00:10:01', serial: serial.toLowerCase() },
        { mac: '02:00:00:00:10:02', serial: `LOOSE-${c.id}` },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = await get('sale', `/api/license/registry?serials=${encodeURIComponent(`${serial}, LOOSE-${c.id}`)}`);
    expect(found.statusCode, found.body).toBe(200);
    const rows = found.json().data as Array<{ serial: string; unit_id: number | null; mac: string }>;
    expect(rows.map((r) => r.mac).sort()).toEqual(['02-00-00-00-10-01', '02-00-00-00-10-02']);
    // The unit's key carries the unit; a serial that is no unit's keeps its key without one.
    expect(rows.find((r) => r.mac === '02-00-00-00-10-01')!.unit_id).toEqual(expect.any(Number));
    expect(rows.find((r) => r.mac === '02-00-00-00-10-02')!.unit_id).toBeNull();
    const other = await get('sale', `/api/license/registry?serials=NOT-${c.id}`);
    expect(other.json().total).toBe(0);
  });

  it('npm run license:verify checks a key against a MAC', async () => {
    const key = makeKey(priv, 'license', '000BDC123456', [...OPTS]);
    const run = (k: string, mac: string) =>
      execFileSync('node', ['--import', 'tsx', 'scripts/license-verify.ts', k, mac], {
        env: { ...process.env, LICENSE_PRIVATE_KEY: SEED },
        encoding: 'utf8',
      });
    expect(run(key, '00:0B:DC:12:34:56')).toContain('VALID license');
    expect(() => run(key, '00:0B:DC:12:34:57')).toThrow();
  }, 30000);
});

describe('the signing key file', () => {
  it('keeps a key stored under the former file name (renamed to license-key.pem, the same key)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bpm-key-'));
    const first = loadSigningKey('', dir);
    const pem = readFileSync(join(dir, KEY_FILE), 'utf8');
    const former = mkdtempSync(join(tmpdir(), 'bpm-key-'));
    writeFileSync(join(former, 'licence-key.pem'), pem); // former spelling
    const loaded = loadSigningKey('', former);
    expect(existsSync(join(former, KEY_FILE))).toBe(true);
    expect(existsSync(join(former, 'licence-key.pem'))).toBe(false); // former spelling
    const der = (k: typeof first) => k.publicKey.export({ format: 'der', type: 'spki' }).toString('hex');
    expect(der(loaded)).toBe(der(first));
  });
});
