import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A column's bare name (no table qualifier): insert column lists, conflict and `set` targets. */
export const bareColumn = (c: AnyColumn) => sql.identifier(c.name);

/** Bare column names, comma-separated, for an insert's column list. */
export const bareColumns = (...cs: AnyColumn[]): SQL =>
  sql.join(
    cs.map((c) => bareColumn(c)),
    sql`, `,
  );
