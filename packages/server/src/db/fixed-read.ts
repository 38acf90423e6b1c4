import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The fixed reads' statement names taken so far. */
const names = new Set<string>();

/**
 * A read whose SQL is the same every time (an id lookup: a record's open, the account check), built once per
 * database session and sent under its own name. Where DATABASE_PREPARED_STATEMENTS is on (db/client.ts),
 * PostgreSQL parses and plans it once per connection instead of on every run; planning was ~40 % of the
 * database's statement time in the mixed bench, and these reads are the most frequent statements
 * (docs/performance.md 'Mixed workload'). Only reads whose parameters are ids: one plan serves every value, so a
 * kept plan cannot be the wrong one for a skewed value (a list's filter could).
 *
 * `build` gets the session's handle and the statement's name, and returns the query prepared under it
 * (`….prepare(name)`, its values as `sql.placeholder`). A transaction's handle has its own session: the read
 * built for it runs on the transaction's connection.
 */
export function fixedRead<Q>(name: string, build: (db: Db, name: string) => Q): (db: Db) => Q {
  const bySession = new WeakMap<object, Q>();
  const statement = `bpm_${name}`;
  // A name is one statement's per connection: a second text under it would fail only where the setting is on.
  if (names.has(statement)) throw new Error(`${statement}: a fixed read of that name exists already`);
  names.add(statement);
  return (db) => {
    // The session, not the handle: a request's handle (fresh-cache.ts) is a new object over the same session.
    const session = db._.session;
    let q = bySession.get(session);
    if (!q) {
      q = build(db, statement);
      bySession.set(session, q);
    }
    return q;
  };
}

const dialect = new PgDialect();

/** A fixed read written as SQL (`fixedRead`): its rows, values by placeholder name. */
export function fixedSql<T>(
  name: string,
  query: SQL,
): (db: Db) => { execute(values: Record<string, unknown>): Promise<T[]> } {
  const built = dialect.sqlToQuery(query);
  return fixedRead(name, (db, statement) => {
    const prepared = db._.session.prepareQuery(built, undefined, statement, false);
    // Both drivers answer a statement without mapped fields as `{ rows }` (queryRows, db/client.ts).
    return { execute: async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows };
  });
}
