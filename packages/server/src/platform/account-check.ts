import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isWriteWork, runAsWork } from '../db/connection-gate';
import { fixedRead } from '../db/fixed-read';
import { users } from '../db/schema/users';
import { currentGeneration } from './fresh-cache';

/** What every signed-in request checks: the account's current state and name, and the data generation. */
export interface AccountState {
  role: string;
  active: number;
  deleted: number;
  tv: number;
  generation: number;
  first_name: string;
  last_name: string;
}

type Waiter = { ok: (s: AccountState | undefined) => void; fail: (err: unknown) => void };

/** The accounts' states and the data generation, one statement for a batch of ids (db/fixed-read.ts). */
const accountRead = fixedRead('account_check', (db, name) =>
  db
    .select({
      id: users.id,
      role: users.userRole,
      active: users.active,
      deleted: users.deleted,
      tv: users.tokenVersion,
      first_name: users.firstName,
      last_name: users.lastName,
      generation: currentGeneration,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare(name),
);

/**
 * The account check of every signed-in request (app.ts), batched: the checks asked for in one turn of
 * the event loop go out as one query, one round trip, instead of one each (a round trip on loopback
 * was the largest single cost of a cached answer). Each request still reads its account and the data
 * generation after it arrived, so both are as fresh as a statement of its own.
 */
export function accountChecker(db: Db): (userId: number) => Promise<AccountState | undefined> {
  const read = (ids: number[]) => accountRead(db).execute({ ids });
  let pending: Map<number, Waiter[]> | undefined;
  /** Whether a request that changes data waits on the batch: then its read takes a connection as a save's would. */
  let pendingWrite = false;

  async function flush() {
    const batch = pending!;
    const write = pendingWrite;
    pending = undefined;
    pendingWrite = false;
    try {
      // Awaited inside: the query builder runs its statement when awaited, and it must wait its turn as the batch's.
      const rows = await runAsWork(write, async () => await read([...batch.keys()]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [id, waiters] of batch) {
        const r = byId.get(id);
        const state = r && { ...r, generation: Number(r.generation) };
        for (const w of waiters) w.ok(state);
      }
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.fail(err);
    }
  }

  return (userId) =>
    new Promise((ok, fail) => {
      if (!pending) {
        pending = new Map();
        // After the poll phase: every request that arrived in this turn joins the batch.
        setImmediate(flush);
      }
      if (isWriteWork()) pendingWrite = true;
      const waiters = pending.get(userId);
      if (waiters) waiters.push({ ok, fail });
      else pending.set(userId, [{ ok, fail }]);
    });
}
