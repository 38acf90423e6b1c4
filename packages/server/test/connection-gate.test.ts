// The pool's gate (db/connection-gate.ts): at most `size` statements or transactions hold a connection, and a
// request that changes data takes the next free one before any read waiting for one.
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, poolSize } from '../src/db/client';
import { ConnectionGate, isWriteWork, runAsWork } from '../src/db/connection-gate';
import { accountChecker } from '../src/platform/account-check';
import { defineRoute } from '../src/platform/route';
import { createTestApp, type TestApp } from './helpers';

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('connection gate', () => {
  it('lets `size` in at once; the rest wait until one leaves', async () => {
    const gate = new ConnectionGate(2);
    const a = await gate.enter(false);
    await gate.enter(false);
    let third: (() => void) | undefined;
    void gate.enter(false).then((leave) => (third = leave));
    await settle();
    expect(third).toBeUndefined();
    expect(gate.waiting).toBe(1);
    a();
    await settle();
    expect(third).toBeTypeOf('function');
    expect(gate.waiting).toBe(0);
  });

  it('gives a freed slot to the waiting writes before reads that waited longer, each kind in turn', async () => {
    const gate = new ConnectionGate(1);
    const first = await gate.enter(false);
    const order: string[] = [];
    const leaves: Array<() => void> = [];
    const wait = (name: string, write: boolean) =>
      void gate.enter(write).then((leave) => {
        order.push(name);
        leaves.push(leave);
      });
    wait('read 1', false);
    wait('read 2', false);
    wait('write 1', true);
    wait('read 3', false);
    wait('write 2', true);
    await settle();
    expect(order).toEqual([]);
    first();
    // One at a time: whoever got in leaves, and the next one gets in.
    for (let i = 0; i < 5; i++) {
      await settle();
      expect(order).toHaveLength(i + 1);
      leaves[i]?.();
    }
    expect(order).toEqual(['write 1', 'write 2', 'read 1', 'read 2', 'read 3']);
  });

  it('gives a slot back once, however often its leave is called', async () => {
    const gate = new ConnectionGate(1);
    const leave = await gate.enter(false);
    leave();
    leave();
    await gate.enter(false);
    let other = false;
    void gate.enter(false).then(() => (other = true));
    await settle();
    expect(other).toBe(false);
  });

  it('counts work outside any request as a write, and within runAsWork as it was told', () => {
    expect(isWriteWork()).toBe(true);
    expect(runAsWork(false, () => isWriteWork())).toBe(false);
    expect(runAsWork(true, () => isWriteWork())).toBe(true);
  });

  it('sizes the pool from DATABASE_POOL_SIZE, else twice the cores plus one, and refuses nonsense', () => {
    expect(poolSize({ DATABASE_POOL_SIZE: '6' })).toBe(6);
    expect(poolSize({})).toBe(2 * availableParallelism() + 1);
    for (const bad of ['0', '-2', '2.5', 'many']) expect(() => poolSize({ DATABASE_POOL_SIZE: bad }), bad).toThrow();
  });
});

describe("the batched account check takes a save's turn when a save waits on it", () => {
  it('one batch of a read and a save reads as a write; a batch of reads as a read', async () => {
    const turns: boolean[] = [];
    // Like drizzle's prepared query: the statement runs when it is executed, not when it is built.
    const prepared = {
      execute() {
        turns.push(isWriteWork());
        return Promise.resolve([]);
      },
    };
    const db = { _: { session: {} }, select: () => ({ from: () => ({ where: () => ({ prepare: () => prepared }) }) }) };
    const check = accountChecker(db as unknown as Db);
    await Promise.all([runAsWork(false, () => check(1)), runAsWork(true, () => check(2))]);
    expect(turns).toEqual([true]);
    await Promise.all([runAsWork(false, () => check(3)), runAsWork(false, () => check(4))]);
    expect(turns).toEqual([true, false]);
  });
});

describe("a request's statements wait as a save's or a read's", () => {
  let t: TestApp;
  const seen: Record<string, boolean> = {};
  function probe(app: FastifyInstance) {
    for (const method of ['GET', 'POST'] as const)
      defineRoute(app, {
        method,
        url: '/health/test-work',
        access: { public: true },
        raw: true,
        async handler({ reply }) {
          await new Promise((r) => setTimeout(r, 1));
          seen[method] = isWriteWork();
          return reply.send('ok');
        },
      });
  }
  beforeAll(async () => {
    t = await createTestApp({ seed: false, build: { extraModules: [probe] } });
  });
  afterAll(() => t.close());

  it('a GET reads, a POST writes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/test-work' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/health/test-work' })).statusCode).toBe(200);
    expect(seen).toEqual({ GET: false, POST: true });
  });
});
