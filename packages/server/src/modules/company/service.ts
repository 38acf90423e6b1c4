import { bankLines, COMPANY_MSG, type CompanySave, type CompanySettings } from '@bpm/contract/company';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companySettings as C } from '../../db/schema/company';
import { files } from '../../db/schema/platform';
import type { DocumentCompany } from '../../platform/company';
import { DEFAULT_COMPANY } from '../../platform/company';
import { invalid, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { isWellFormed } from '../../platform/file-check';
import { type FileStore, sniff, storeFieldUpload, type Uploads } from '../../platform/files';
import { type SaveKind, saveRecord } from '../../platform/records';

/** The one settings row (seeded by migration 0035). */
const ROW_ID = 1;
const COMPANY_ENTITY = 'company';

type Stored = CompanySettings & { id: number };

const columns = {
  id: C.id,
  name: C.name,
  address: C.address,
  contact: C.contact,
  bank_name: C.bankName,
  bank_account_holder: C.bankAccountHolder,
  bank_account: C.bankAccount,
  bank_swift: C.bankSwift,
  logo: files.fileName,
  version: C.version,
};

async function getStored(db: Db, id: number): Promise<Stored> {
  const [row] = await db.select(columns).from(C).leftJoin(files, eq(files.id, C.logoFileId)).where(eq(C.id, id));
  if (!row) throw notFound();
  return { ...row, logo: row.logo ?? null };
}

/** The defaults as the settings answer them (version 0: never saved). */
const DEFAULTS: CompanySettings = {
  name: DEFAULT_COMPANY.name,
  address: DEFAULT_COMPANY.address.join('\n'),
  contact: DEFAULT_COMPANY.contact,
  bank_name: '',
  bank_account_holder: '',
  bank_account: '',
  bank_swift: '',
  logo: null,
  version: 0,
};

/** GET /admin/company: the stored settings, or the defaults when the row is gone. */
export async function getCompanySettings(db: Db): Promise<CompanySettings> {
  const [row] = await db.select({ id: C.id }).from(C).where(eq(C.id, ROW_ID));
  if (!row) return DEFAULTS;
  const { id: _id, ...settings } = await getStored(db, ROW_ID);
  return settings;
}

const COMPANY: SaveKind<Stored> = {
  table: C,
  entityType: COMPANY_ENTITY,
  event: 'company',
  get: getStored,
  snapshot: ({ id: _id, version: _v, ...rest }) => rest,
  label: (c) => ({ name: c.name }),
};

/** The logo sent in `logo`, checked by content: PNG or JPEG only (the form says so); stored, its file id. */
async function storeLogo(tx: Db, uploads: Uploads | undefined, now: number): Promise<number | undefined> {
  const upload = uploads?.files.find((f) => f.field === 'logo');
  if (!upload || !uploads) return undefined;
  const kind = sniff(upload.data);
  if ((kind !== 'image/png' && kind !== 'image/jpeg') || !isWellFormed(kind, upload.data))
    throw invalid({ logo: COMPANY_MSG.logoType });
  return (await storeFieldUpload(tx, uploads, 'logo', 'image', now))?.id;
}

/** POST /admin/company/save: the one row through the shared save (lock, version, write, event). */
export async function saveCompanySettings(
  db: Db,
  input: CompanySave,
  uploads: Uploads | undefined,
  actor: Actor,
  now: number,
): Promise<CompanySettings> {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: C.id }).from(C).where(eq(C.id, ROW_ID));
    const fields = async () => {
      const logoFileId = await storeLogo(tx, uploads, now);
      return {
        ...(exists ? {} : { id: ROW_ID }),
        name: input.name,
        address: input.address,
        contact: input.contact,
        bankName: input.bank_name,
        bankAccountHolder: input.bank_account_holder,
        bankAccount: input.bank_account,
        bankSwift: input.bank_swift,
        ...(logoFileId ? { logoFileId } : input.remove_logo ? { logoFileId: null } : {}),
      };
    };
    const target = exists ? { id: ROW_ID, version: input.version } : {};
    const { record } = await saveRecord(tx, COMPANY, target, { fields }, actor, now);
    const { id: _id, ...settings } = record;
    return settings;
  });
}

/** Download type company/logo: the stored logo's file id. */
export async function companyLogoFileId(db: Db, _id: number): Promise<number | null> {
  const [row] = await db.select({ f: C.logoFileId }).from(C).where(eq(C.id, ROW_ID));
  return row?.f ?? null;
}

/** The company's name as documents and mail subjects print it. */
export async function companyName(db: Db): Promise<string> {
  const [row] = await db.select({ name: C.name }).from(C).where(eq(C.id, ROW_ID));
  return row?.name ?? DEFAULT_COMPANY.name;
}

/**
 * The company block documents print: the stored settings (the defaults when none), the logo as a data URL
 * (none without `store`: a document that prints no logo).
 */
export async function companyForDocuments(db: Db, store?: FileStore): Promise<DocumentCompany> {
  const [row] = await db
    .select({ c: C, sha: files.sha256, mime: files.mime })
    .from(C)
    .leftJoin(files, eq(files.id, C.logoFileId))
    .where(eq(C.id, ROW_ID));
  if (!row) return DEFAULT_COMPANY;
  let logo: string | null = null;
  if (store && row.sha && (row.mime === 'image/png' || row.mime === 'image/jpeg')) {
    // A logo whose bytes are gone prints no logo rather than failing every document.
    logo = await store.get(row.sha).then(
      (b) => `data:${row.mime};base64,${b.toString('base64')}`,
      () => null,
    );
  }
  const c = row.c;
  return {
    name: c.name,
    address: c.address
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    contact: c.contact,
    bank: bankLines({
      bank_name: c.bankName,
      bank_account_holder: c.bankAccountHolder,
      bank_account: c.bankAccount,
      bank_swift: c.bankSwift,
    }),
    logo,
  };
}
