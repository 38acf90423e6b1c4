/**
 * For the matrix benches' `--explain`: a logging connection whose read statements are replayed under
 * EXPLAIN (ANALYZE, BUFFERS), giving database time and shared buffers independent of the machine's load.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../packages/server/src/db/client';

type Plan = { 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } };

export function explainReplay(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const log: Array<{ query: string; params: unknown[] }> = [];
  const logged = drizzle(pool, {
    logger: { logQuery: (query, params) => log.push({ query, params }) },
  }) as unknown as Db;

  /** Database time and buffers of the reads logged since the last call; a walk that ran out counts its budget. */
  async function replay(): Promise<{ ms: number; buffers: number; walkRanOut: boolean }> {
    let ms = 0;
    let buffers = 0;
    let walkRanOut = false;
    for (const step of await explainLogged('json')) {
      if (step.ranOut) {
        ms += step.budget;
        walkRanOut = true;
        continue;
      }
      const plan = (step.rows[0] as Record<string, Plan[]>)['QUERY PLAN']![0]!;
      ms += plan['Execution Time'];
      buffers += plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
    }
    return { ms, buffers, walkRanOut };
  }

  /** The text plans (EXPLAIN ANALYZE, BUFFERS) of the read statements logged since the last call. */
  async function plans(): Promise<string[]> {
    return (await explainLogged('text')).map((step) =>
      step.ranOut
        ? `(ran out of its ${step.budget} ms walk budget)`
        : step.rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n'),
    );
  }

  /**
   * Replays the logged reads under EXPLAIN (the planner's estimates are skipped); a statement timeout set in
   * a transaction is kept, and a walk that runs out is answered as such.
   */
  async function explainLogged(
    format: 'json' | 'text',
  ): Promise<Array<{ ranOut: false; rows: unknown[] } | { ranOut: true; budget: number }>> {
    const out: Array<{ ranOut: false; rows: unknown[] } | { ranOut: true; budget: number }> = [];
    let budget: number | undefined;
    for (const { query, params } of log.splice(0)) {
      if (query.includes("set_config('statement_timeout'")) {
        budget = Number(params[0]);
        continue;
      }
      if (!/^\s*(with|select)\b/i.test(query)) continue;
      const client = await pool.connect();
      try {
        await client.query('begin');
        if (budget) await client.query(`set local statement_timeout = ${budget}`);
        const r = await client.query(`explain (analyze, buffers, format ${format}) ${query}`, params);
        out.push({ ranOut: false, rows: r.rows });
      } catch (err) {
        if ((err as { code?: string }).code !== '57014') throw err;
        out.push({ ranOut: true, budget: budget ?? 0 });
      } finally {
        await client.query('rollback');
        client.release();
        budget = undefined;
      }
    }
    return out;
  }
  /** Forgets what was logged (the warm-up's statements). */
  const clear = () => {
    log.length = 0;
  };
  return { logged, replay, plans, clear, end: () => pool.end() };
}
