/**
 * CSV export timing for `npm run bench` (issue 9: "CSV export … 100k orders in ≤ 3 s with flat
 * memory"): one download at a time of `GET /api/orders/export.csv` (every bench order, no filter; in the
 * default date order and sorted by dealer name),
 * read to the end, with the server's peak RSS growth while it streams (polled every 10 ms).
 * Flat memory: the growth stays under 50 MB whatever the row count (the rows would be ≈ 25 MB of CSV).
 */
import { readFileSync } from 'node:fs';
import { timed } from './reports';
import { ORDERS } from './sales';

type Bearer = (username: string) => Promise<Record<string, string>>;

const MAX_MS = 3000;
const MAX_RSS_MB = 50;

/** CPU time (user + system, ms) the process has used: a figure a loaded machine does not inflate much. */
const cpuMs = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
};

export async function exportTimings(url: string, serverPid: number, bearer: Bearer, orders = ORDERS) {
  const headers = await bearer('sale');
  const target = `≤ ${MAX_MS} ms, RSS +< ${MAX_RSS_MB} MB`;
  const timedRuns = [];
  // The list's default order (date), and a sort by a column with ties (dealer name: keyset on name + id).
  for (const [query, label] of [
    ['', ''],
    ['?sort=dealer_name&order=asc', ', by dealer name'],
  ] as const) {
    const name = `GET /api/orders/export.csv${query} (all ${orders / 1000}k orders${label})`;
    // First download warms JIT and query plans; then three timed ones.
    const runs = [];
    for (let i = 0; i < 4; i++) {
      const cpu0 = cpuMs(serverPid);
      const r = await timed(serverPid, `${url}/api/orders/export.csv${query}`, headers);
      runs.push({ ...r, serverCpuMs: cpuMs(serverPid) - cpu0 });
    }
    for (const [i, r] of runs.entries()) {
      const rows = i === 0 ? ' (warm-up)' : '';
      const ok = r.ms <= MAX_MS && r.rssGrowthMb < MAX_RSS_MB;
      console.log(
        `  ${name}${rows}: ${r.ms.toFixed(0)} ms (server CPU ${r.serverCpuMs.toFixed(0)} ms), ${(r.bytes / 1024 / 1024).toFixed(1)} MiB, RSS +${r.rssGrowthMb.toFixed(1)} MB (${target}) ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    timedRuns.push(...runs.slice(1));
  }
  return timedRuns;
}
