// The SQL migrations as files, for tests that stop before one, load data as it was, then apply the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const MIGRATIONS = resolve(import.meta.dirname, '../src/db/migrations');

/** A migration file's statements, in order. */
export const statementsOf = (file: string) =>
  readFileSync(join(MIGRATIONS, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim());

/**
 * An embedded database migrated up to (not including) the migration numbered `prefix` (e.g. '0043'), each
 * statement on its own; answers it and the files from that migration on.
 */
export async function migratedBefore(prefix: string): Promise<{ db: PGlite; rest: string[] }> {
  const db = new PGlite({ extensions: { pg_trgm } });
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const at = files.findIndex((f) => f.startsWith(`${prefix}_`));
  for (const f of files.slice(0, at)) for (const s of statementsOf(f)) await db.exec(s);
  return { db, rest: files.slice(at) };
}
