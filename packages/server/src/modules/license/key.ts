import {
  createPrivateKey,
  createPublicKey,
  sign as edSign,
  verify as edVerify,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNT_OPTIONS, FLAG_OPTIONS, type LicenseEntry, type LicenseType, macBytes } from '@bpm/contract/license';

/*
 * License key format, version 1 (docs/decisions.md, Licenses).
 *
 *   payload (7 bytes)  = version (1) | kind (1: 1 license, 2 activation code)
 *                        | flags (2, big-endian; bit i = FLAG_OPTIONS[i]) | sensors | vsens | 5dc (1 each)
 *   signed message     = "BPML" | version | kind | MAC (6 bytes) | flags | counts
 *   key                = Crockford base32 of payload | Ed25519 signature (64 bytes), in dash-separated
 *                        groups of 6 characters.
 *
 * The MAC is signed but not carried: the device checks the key against its own MAC, so a key
 * copied to another device fails. Ed25519 is deterministic, so the same request gives the same key.
 */

export const KEY_VERSION = 1;
const DOMAIN = Buffer.from('BPML', 'ascii');
const PAYLOAD_BYTES = 7;
const SIG_BYTES = 64;
const KIND_BYTE: Record<LicenseType, number> = { license: 1, activation: 2 };
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 6;

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(acc << (5 - bits)) & 31];
  return out;
}

/** Decodes Crockford base32 (case-insensitive, I/L read as 1, O as 0, dashes and spaces ignored). */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.toUpperCase().replace(/[-\s]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 255);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  }
  // Canonical only: no stray character and zero padding bits, so one key has one spelling.
  if (bits >= 5 || acc !== 0) return null;
  return Uint8Array.from(out);
}

const group = (s: string) => s.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? '';

function payloadOf(kind: LicenseType, entries: readonly LicenseEntry[]): Buffer {
  const p = Buffer.alloc(PAYLOAD_BYTES);
  p[0] = KEY_VERSION;
  p[1] = KIND_BYTE[kind];
  let flags = 0;
  const byCode = new Map(entries.map((e) => [e.code, e.value]));
  FLAG_OPTIONS.forEach((code, i) => {
    if ((byCode.get(code) ?? 0) > 0) flags |= 1 << i;
  });
  p.writeUInt16BE(flags, 2);
  COUNT_OPTIONS.forEach((code, i) => {
    p[4 + i] = byCode.get(code) ?? 0;
  });
  return p;
}

function message(payload: Uint8Array, mac: Uint8Array): Buffer {
  return Buffer.concat([DOMAIN, payload.subarray(0, 2), mac, payload.subarray(2)]);
}

/** The key for a MAC and its options (deterministic). Throws on an invalid MAC. */
export function makeKey(privateKey: KeyObject, kind: LicenseType, mac: string, entries: readonly LicenseEntry[]) {
  const m = macBytes(mac);
  if (!m) throw new Error('invalid MAC');
  const payload = payloadOf(kind, entries);
  const sig = edSign(null, message(payload, m), privateKey);
  return group(base32Encode(Buffer.concat([payload, sig])));
}

export interface VerifiedKey {
  version: number;
  kind: LicenseType;
  license: LicenseEntry[];
}

/** What a device does: checks a key against its own MAC; null when the key is not valid for it. */
export function verifyKey(publicKey: KeyObject, key: string, mac: string): VerifiedKey | null {
  const m = macBytes(mac);
  const bytes = base32Decode(key);
  if (!m || !bytes || bytes.length !== PAYLOAD_BYTES + SIG_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const sig = bytes.subarray(PAYLOAD_BYTES);
  if (payload[0] !== KEY_VERSION) return null;
  if (!edVerify(null, message(payload, m), publicKey, sig)) return null;
  const kind = payload[1] === 1 ? 'license' : payload[1] === 2 ? 'activation' : null;
  if (!kind) return null;
  const flags = Buffer.from(payload).readUInt16BE(2);
  const license: LicenseEntry[] = [];
  FLAG_OPTIONS.forEach((code, i) => {
    if (flags & (1 << i)) license.push({ code, value: 1 });
  });
  COUNT_OPTIONS.forEach((code, i) => {
    const v = payload[4 + i] ?? 0;
    if (v > 0) license.push({ code, value: v });
  });
  return { version: payload[0] ?? 0, kind, license };
}

// ---------------------------------------------------------------------------------------------
// The signing key

/** DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
export const KEY_FILE = 'license-key.pem';
export const PUBLIC_KEY_FILE = 'license-public.pem';
/** The key files' former names (the British spelling), renamed on first load so the keys are kept. */
const FORMER_FILES = [
  ['licence-key.pem', KEY_FILE], // former spelling
  ['licence-public.pem', PUBLIC_KEY_FILE], // former spelling
] as const;

/** A private key from PEM text or a base64 / hex 32-byte seed. */
export function parsePrivateKey(text: string): KeyObject {
  const t = text.trim();
  if (t.startsWith('-----BEGIN')) return createPrivateKey(t);
  const seed = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (seed.length !== 32) throw new Error('LICENSE_PRIVATE_KEY must be a PEM Ed25519 key or a 32-byte seed');
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
}

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * LICENSE_PRIVATE_KEY when set; otherwise DATA_DIR/license-key.pem, generated on first use
 * (with the public key beside it for device firmware and `npm run license:verify`).
 */
export function loadSigningKey(envKey: string, dataDir: string): SigningKey {
  if (envKey) {
    const privateKey = parsePrivateKey(envKey);
    return { privateKey, publicKey: createPublicKey(privateKey) };
  }
  const file = join(dataDir, KEY_FILE);
  for (const [former, now] of FORMER_FILES)
    if (existsSync(join(dataDir, former)) && !existsSync(join(dataDir, now)))
      renameSync(join(dataDir, former), join(dataDir, now));
  if (existsSync(file)) {
    const privateKey = createPrivateKey(readFileSync(file, 'utf8'));
    return { privateKey, publicKey: createPublicKey(privateKey) };
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  try {
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another instance sharing DATA_DIR wrote it first: use that one.
    if ((err as { code?: string }).code === 'EEXIST') return loadSigningKey(envKey, dataDir);
    throw err;
  }
  chmodSync(file, 0o600);
  writeFileSync(join(dataDir, PUBLIC_KEY_FILE), publicKey.export({ format: 'pem', type: 'spki' }));
  return { privateKey, publicKey };
}
