// The fixed-shape reads (db/fixed-read.ts): named prepared statements where DATABASE_PREPARED_STATEMENTS is on,
// unnamed where it is off (what a deployment behind PgBouncer before 1.21 needs), the same answers either way,
// and a transaction's read on the transaction's own connection.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, preparedStatements, queryRows } from '../src/db/client';
import { fixedRead } from '../src/db/fixed-read';
import { getPo } from '../src/modules/purchase-orders/queries';
import { getDoc } from '../src/modules/sales-docs/read';
import { getChecklist } from '../src/modules/test-checklists/core';
import { getTestOrder } from '../src/modules/test-checklists/lists';
import { listSteps } from '../src/modules/test-checklists/steps';
import { accountChecker } from '../src/platform/account-check';
import { cloneTemplate } from './test-db';

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('is off unless set to on, and refuses anything else', () => {
    expect(preparedStatements({})).toBe(false);
    expect(preparedStatements({ DATABASE_PREPARED_STATEMENTS: 'off' })).toBe(false);
    expect(preparedStatements({ DATABASE_PREPARED_STATEMENTS: 'on' })).toBe(true);
    for (const bad of ['yes', 'true', '1', 'ON'])
      expect(() => preparedStatements({ DATABASE_PREPARED_STATEMENTS: bad }), bad).toThrow(
        'DATABASE_PREPARED_STATEMENTS must be on or off',
      );
  });
});

describe('fixed read names', () => {
  it('refuses a second fixed read under a name already taken', () => {
    const build = () => ({});
    fixedRead('test_name_once', build);
    expect(() => fixedRead('test_name_once', build)).toThrow('bpm_test_name_once: a fixed read of that name exists');
  });
});

const templates = inject('bpmTestDb');

describe.runIf(templates?.kind === 'postgres')('fixed reads on PostgreSQL', () => {
  // One connection each, direct (never through the pooler): pg_prepared_statements shows that connection's.
  let named: Database;
  let unnamed: Database;
  let ids: { order: number; quotation: number; po: number; checklist: number; testOrder: number; user: number };

  beforeAll(async () => {
    named = await cloneTemplate(templates!, 'seeded', { size: 1, prepared: true, direct: true });
    unnamed = await cloneTemplate(templates!, 'seeded', { size: 1, prepared: false, direct: true });
    const first = async (table: string, where = 'true') =>
      (await queryRows<{ id: number }>(named.db, sql.raw(`select min(id) as id from ${table} where ${where}`)))[0]!.id;
    ids = {
      order: await first('orders', 'deleted = 0'),
      quotation: await first('quotations', 'deleted = 0'),
      po: await first('purchase_orders'),
      checklist: await first('test_checklists', 'order_id is not null'),
      testOrder: await first('orders', 'deleted = 0 and id in (select order_id from test_checklists)'),
      user: await first('users'),
    };
    expect(Object.values(ids).every((id) => Number.isInteger(id))).toBe(true);
  });
  afterAll(async () => {
    await named?.close();
    await unnamed?.close();
  });

  const readAll = async (database: Database) => {
    const db = database.db;
    const check = accountChecker(db);
    // Twice each: the second run is the one that finds the statement prepared.
    const answers = [];
    for (let i = 0; i < 2; i++)
      answers.push({
        order: await getDoc(db, 'order', ids.order),
        quotation: await getDoc(db, 'quotation', ids.quotation),
        po: await getPo(db, ids.po),
        checklist: await getChecklist(db, 'order', ids.checklist),
        steps: await listSteps(db, 'order', ids.checklist),
        testOrder: await getTestOrder(db, ids.testOrder),
        account: await check(ids.user),
      });
    expect(answers[1]).toEqual(answers[0]);
    return answers[0]!;
  };
  const preparedNames = async (database: Database) =>
    (
      await queryRows<{ name: string }>(
        database.db,
        sql`select name from pg_prepared_statements where name like 'bpm\\_%' order by name`,
      )
    ).map((r) => r.name);

  it('sends them named when on: PostgreSQL keeps each read prepared, and answers as unnamed', async () => {
    const answers = await readAll(named);
    expect(await preparedNames(named)).toEqual([
      'bpm_account_check',
      'bpm_checklist_steps',
      'bpm_order_checklist',
      'bpm_order_open',
      'bpm_po_open',
      'bpm_quotation_open',
      'bpm_test_order',
      'bpm_test_order_checklists',
      'bpm_test_order_lines',
    ]);
    expect(answers.testOrder.products.some((p) => p.checklists.length > 0)).toBe(true);
    expect(await readAll(unnamed)).toEqual(answers);
    expect(answers.order.id).toBe(ids.order);
    expect(answers.account?.role).toBeTypeOf('string');
  });

  it('sends them unnamed when off: nothing stays prepared on the connection', async () => {
    await readAll(unnamed);
    expect(await preparedNames(unnamed)).toEqual([]);
  });

  it("runs a transaction's read on the transaction's connection: it sees the transaction's own write", async () => {
    await named.db
      .transaction(async (tx) => {
        await tx.execute(sql`update orders set note = 'fixed read in a transaction' where id = ${ids.order}`);
        expect((await getDoc(tx, 'order', ids.order)).note).toBe('fixed read in a transaction');
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
    expect((await getDoc(named.db, 'order', ids.order)).note).not.toBe('fixed read in a transaction');
  });
});

describe.runIf(templates?.kind === 'postgres' && !!process.env.TEST_POOLER_URL)(
  'fixed reads through a transaction pooler (PgBouncer before 1.21, as in CI)',
  () => {
    // Named, about two in five of these failed ('prepared statement … already exists' / '… does not exist'): each
    // run may land on a server connection that has or lacks the name. Off, the names never reach the pooler.
    let pooled: Database;
    beforeAll(async () => {
      pooled = await cloneTemplate(templates!, 'seeded', { prepared: false });
    });
    afterAll(() => pooled?.close());

    it('with the setting off, many at once all answer', async () => {
      const [row] = await queryRows<{ id: number }>(pooled.db, sql`select min(id) as id from orders where deleted = 0`);
      const id = row!.id;
      const check = accountChecker(pooled.db);
      for (let round = 0; round < 20; round++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? getDoc(pooled.db, 'order', id) : check(1))),
        );
        expect(answers.every((a) => a !== undefined)).toBe(true);
      }
    });
  },
);
