// The shared save's writes of many rows of one versioned table at once (platform/records.ts `saveRecords`): a
// multi-row insert, one update per set of columns, a multi-row read — a handful of statements whatever the count.
import { eq, getTableColumns, getTableName, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client';

/** A table whose rows have an id, an optimistic-lock version and created/updated times. */
export type VersionedTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** A row as drizzle reads it: column keys (`billingAddress`) → values. */
export type Row = Record<string, unknown>;

/** Ids one read asks for at most. */
const IDS_PER_READ = 20_000;

/** `list` in pieces of at most `size`. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Ids in pieces of a size one statement reads at once. */
export const idChunks = (ids: readonly number[]) => chunks(ids, IDS_PER_READ);

/**
 * `column` is one of `ids`: one array parameter whatever the count (an `in (…)` of thousands of parameters is
 * slow to build, send and plan); the index on the column serves it.
 */
export function idIn(column: AnyPgColumn, ids: readonly number[]): SQL {
  if (!ids.every(Number.isSafeInteger)) throw new Error('idIn: ids are integers');
  return sql`${column} = any(${`{${ids.join(',')}}`}::bigint[])`;
}

/** Whether a value is written as it is (not an SQL expression such as `revision + 1`). */
const plain = (v: unknown) => !(v instanceof SQL) && !(v instanceof SQL.Aliased);

/**
 * Rows in groups written by one statement each: the rows with the same columns and plain values together,
 * a row with an SQL value on its own (and a lone row, unless `loneAlone` is false).
 */
function groupByColumns<T extends { set: Row }>(rows: T[], loneAlone = true): T[][] {
  const groups = new Map<string, T[]>();
  rows.forEach((r, i) => {
    const alone = (loneAlone && rows.length === 1) || !Object.values(r.set).every(plain);
    const key = alone ? `#${i}` : Object.keys(r.set).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  });
  return [...groups.values()];
}

/**
 * The rows of one group as a JSON list for `jsonb_to_recordset`: `v(id bigint, c0 <type>, …)` with the
 * columns' SQL types; values as the driver would send them (JSON columns as they are).
 */
function jsonRecords(table: VersionedTable, rows: Array<{ id: number; set: Row }>) {
  const all = getTableColumns(table) as Record<string, AnyPgColumn>;
  const cols = Object.keys(rows[0]!.set).map((key, i) => {
    const column = all[key];
    if (!column) throw new Error(`No column ${key}`);
    const type = column.getSQLType();
    return {
      key,
      column,
      alias: sql.identifier(`c${i}`),
      name: sql.identifier(column.name),
      type,
      json: /^jsonb?$/.test(type),
    };
  });
  const list = rows.map((r) => {
    const o: Row = { id: r.id };
    cols.forEach((c, i) => {
      const v = r.set[c.key];
      o[`c${i}`] = v === null || v === undefined || c.json ? (v ?? null) : c.column.mapToDriverValue(v);
    });
    return o;
  });
  const defs = sql.join([sql`id bigint`, ...cols.map((c) => sql`${c.alias} ${sql.raw(c.type)}`)], sql`, `);
  return { cols, defs, parts: chunks(list, ROWS_PER_LIST).map((part) => JSON.stringify(part)) };
}

/** Rows one JSON list carries (a statement's parameter, whatever the column count). */
const ROWS_PER_LIST = 5000;

/**
 * Inserts `rows` (each with createdAt/updatedAt `now`); answers their ids in the order of `rows`. Many rows:
 * their ids are taken from the table's sequence first, then each group of rows is one
 * `insert … select … from jsonb_to_recordset(…)`.
 */
export async function insertRows(tx: Db, table: VersionedTable, rows: Row[], now: number): Promise<number[]> {
  const items = rows.map((r) => ({ id: 0, set: { ...r, createdAt: now, updatedAt: now } as Row }));
  for (const group of groupByColumns(items)) {
    if (group.length === 1) {
      const [made] = await tx
        .insert(table)
        .values(group[0]!.set as never)
        .returning({ id: table.id });
      group[0]!.id = made!.id as number;
      continue;
    }
    // One answer row: the new ids as one text.
    const [taken] = await queryRows<{ ids: string }>(
      tx,
      sql`select string_agg(nextval(pg_get_serial_sequence(${getTableName(table)}, ${table.id.name}))::text, ',') as ids
          from generate_series(1, ${group.length}::int)`,
    );
    taken!.ids
      .split(',')
      .map(Number)
      .sort((a, b) => a - b)
      .forEach((id, i) => {
        group[i]!.id = id;
      });
    const { cols, defs, parts } = jsonRecords(table, group);
    const names = sql.join(
      cols.map((c) => c.name),
      sql`, `,
    );
    const values = sql.join(
      cols.map((c) => sql`v.${c.alias}`),
      sql`, `,
    );
    for (const list of parts)
      await tx.execute(sql`
        insert into ${table} (${sql.identifier(table.id.name)}, ${names})
        select v.id, ${values} from jsonb_to_recordset(${list}::jsonb) as v(${defs})`);
  }
  return items.map((it) => it.id);
}

/**
 * Updates rows of `table`, each with its own columns; answers the ids whose row changed. The rows with the same
 * columns (plain values) are one `update … from jsonb_to_recordset(…)`: a row whose columns already hold the
 * values keeps its version and updatedAt, any other gets version + 1 and updatedAt `now`. A row with an SQL
 * value (`revision + 1`) is updated on its own and counts as changed.
 */
export async function updateRows(
  tx: Db,
  table: VersionedTable,
  rows: Array<{ id: number; set: Row }>,
  now: number,
): Promise<Set<number>> {
  const changed = new Set<number>();
  const version = sql.identifier(table.version.name);
  const updatedAt = sql.identifier(table.updatedAt.name);
  for (const group of groupByColumns(rows, false)) {
    if (!group.every((r) => Object.values(r.set).every(plain))) {
      const r = group[0]!;
      await tx
        .update(table)
        .set({ ...r.set, version: sql`${table.version} + 1`, updatedAt: now } as never)
        .where(eq(table.id, r.id));
      changed.add(r.id);
      continue;
    }
    const { cols, defs, parts } = jsonRecords(table, group);
    const list = (f: (c: (typeof cols)[number]) => SQL) => sql.join(cols.map(f), sql`, `);
    const assignments = cols.length ? sql`${list((c) => sql`${c.name} = v.${c.alias}`)}, ` : sql``;
    // Compared as text in the column's type: every type has it (json has no equality), numerics by value.
    const same = cols.length
      ? sql`row(${list((c) => sql`o.${c.name}::text`)}) is not distinct from row(${list((c) => sql`v.${c.alias}::text`)})`
      : sql`true`;
    for (const json of parts) {
      const done = await queryRows<{ id: number; same: boolean }>(
        tx,
        sql`update ${table} set ${assignments}${version} = case when v.same then ${table.version} else ${table.version} + 1 end,
              ${updatedAt} = case when v.same then ${table.updatedAt} else ${now} end
            from (select v.*, ${same} as same
                  from jsonb_to_recordset(${json}::jsonb) as v(${defs})
                  join ${table} o on o.${sql.identifier(table.id.name)} = v.id) v
            where ${table.id} = v.id
            returning ${table.id} as id, v.same as same`,
      );
      for (const d of done) if (!d.same) changed.add(Number(d.id));
    }
  }
  return changed;
}

/** A new version (and updatedAt `now`) for rows whose save changed what their own columns do not hold (lines). */
export async function bumpVersions(tx: Db, table: VersionedTable, ids: number[], now: number) {
  for (const part of idChunks(ids))
    await tx
      .update(table)
      .set({ version: sql`${table.version} + 1`, updatedAt: now } as never)
      .where(idIn(table.id, part));
}

/**
 * Many rows as one JSON value: `fields` (answer key → column or expression) of the rows of `from` that match
 * `where`, in any order. For reads of thousands of rows at once (a batch save's): the embedded database hands
 * one JSON value over far faster than thousands of rows. Values come as JSON has them (numerics as numbers).
 */
export async function selectJson<T>(db: Db, from: SQL, fields: Record<string, AnyPgColumn | SQL>, where: SQL) {
  // json_build_object takes at most 100 arguments: 50 fields an object; more are jsonb objects merged.
  const parts = chunks(Object.entries(fields), 50);
  const build = parts.length > 1 ? sql`jsonb_build_object` : sql`json_build_object`;
  const objects = parts.map(
    (part) =>
      sql`${build}(${sql.join(
        part.map(([key, value]) => sql`${key}::text, ${value}`),
        sql`, `,
      )})`,
  );
  const agg = parts.length > 1 ? sql`jsonb_agg` : sql`json_agg`;
  const [row] = await queryRows<{ rows: T[] | string | null }>(
    db,
    sql`select ${agg}(${sql.join(objects, sql` || `)}) as rows from ${from} where ${where}`,
  );
  const rows = row?.rows ?? [];
  return (typeof rows === 'string' ? JSON.parse(rows) : rows) as T[];
}
