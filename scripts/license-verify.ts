// Checks a license key against a MAC the way a device does (docs/decisions.md, Licenses; Reports & documents).
// Usage: npm run license:verify -- KEY MAC
// Public key: LICENSE_PUBLIC_KEY (PEM), else derived from LICENSE_PRIVATE_KEY, else DATA_DIR (default ./data)
// license-public.pem / license-key.pem.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COUNT_UNLIMITED, FLAG_OPTIONS, OPTION_LABELS } from '@bpm/contract/license';

const isFlag = (code: string) => (FLAG_OPTIONS as readonly string[]).includes(code);

import { KEY_FILE, PUBLIC_KEY_FILE, parsePrivateKey, verifyKey } from '../packages/server/src/modules/license/key';

function publicKey(): KeyObject {
  if (process.env.LICENSE_PUBLIC_KEY) return createPublicKey(process.env.LICENSE_PUBLIC_KEY);
  if (process.env.LICENSE_PRIVATE_KEY) return createPublicKey(parsePrivateKey(process.env.LICENSE_PRIVATE_KEY));
  const dir = resolve(process.env.DATA_DIR || join(import.meta.dirname, '..', 'data'));
  if (existsSync(join(dir, PUBLIC_KEY_FILE))) return createPublicKey(readFileSync(join(dir, PUBLIC_KEY_FILE), 'utf8'));
  if (existsSync(join(dir, KEY_FILE)))
    return createPublicKey(createPrivateKey(readFileSync(join(dir, KEY_FILE), 'utf8')));
  throw new Error(`no license key found (set LICENSE_PUBLIC_KEY or DATA_DIR; looked in ${dir})`);
}

const [key, mac] = process.argv.slice(2);
if (!key || !mac) {
  console.error('usage: npm run license:verify -- KEY MAC');
  process.exit(2);
}
const result = verifyKey(publicKey(), key, mac);
if (!result) {
  console.log(`INVALID: the key is not valid for ${mac}`);
  process.exit(1);
}
console.log(
  `VALID ${result.kind === 'license' ? 'license' : 'activation code'} (format v${result.version}) for ${mac}`,
);
for (const e of result.license)
  console.log(
    `  ${OPTION_LABELS[e.code]} (${e.code}): ${isFlag(e.code) ? 'yes' : e.value === COUNT_UNLIMITED ? 'unlimited' : e.value}`,
  );
