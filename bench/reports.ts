/**
 * Report timings for `npm run bench` (docs/decisions.md, Reports & documents): one download at a
 * time, wall time and the server's RSS growth while it streams, against the 100k bench orders.
 * Targets: Monthly Sales CSV ≤ 1 s with RSS growth < 50 MB; a 2,000-order dealer statement PDF ≤ 1.5 s.
 */
import { readFileSync } from 'node:fs';
import { encodeTimezone } from '../packages/contract/src/reports';
import { ORDERS } from './sales';

type Bearer = (username: string) => Promise<Record<string, string>>;

export interface ReportTiming {
  name: string;
  ms: number;
  bytes: number;
  rssGrowthMb: number;
  target: string;
  ok: boolean;
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/** One download, read to the end: wall time, bytes and the server's peak RSS growth meanwhile. */
export async function timed(pid: number, url: string, headers: Record<string, string>) {
  const before = rssMb(pid);
  let peak = before;
  const poll = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const ms = performance.now() - t0;
  clearInterval(poll);
  return { ms, bytes, rssGrowthMb: Math.max(0, peak - before) };
}

export async function reportTimings(url: string, serverPid: number, bearer: Bearer): Promise<ReportTiming[]> {
  const headers = await bearer('sale');
  const now = new Date();
  const out: ReportTiming[] = [];
  const add = (name: string, r: Awaited<ReturnType<typeof timed>>, maxMs: number, maxMb?: number) => {
    const ok = r.ms <= maxMs && (maxMb === undefined || r.rssGrowthMb < maxMb);
    const target = `≤ ${maxMs} ms${maxMb ? `, RSS +< ${maxMb} MB` : ''}`;
    out.push({ name, ...r, target, ok });
    console.log(
      `  ${name}: ${r.ms.toFixed(0)} ms, ${(r.bytes / 1024).toFixed(0)} KiB, RSS +${r.rssGrowthMb.toFixed(1)} MB (${target}) ${ok ? 'ok' : 'MISSED'}`,
    );
  };
  const month = `${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`;
  // Warm-up (JIT, first query plans).
  await timed(serverPid, `${url}/api/sale/reports/monthlySales/csv/${month}`, headers);
  add(
    `GET monthlySales CSV (current month of ${ORDERS / 1000}k orders)`,
    await timed(serverPid, `${url}/api/sale/reports/monthlySales/csv/${month}`, headers),
    1000,
    50,
  );
  // A dealer's whole history streams too: the largest CSV the bench data offers.
  const dealers = (await (await fetch(`${url}/api/dealers/autocomplete?limit=1000`, { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const n = dealers.data.length;
  const first = dealers.data[0]!.id;
  const end = Math.floor(Date.now() / 1000);
  add(
    `GET dealerStatementOfAccounts CSV (one dealer, two years, ~${Math.round(ORDERS / n)} orders)`,
    await timed(serverPid, `${url}/api/sale/reports/dealerStatementOfAccounts/csv/${first}/0/${end}`, headers),
    1000,
    50,
  );
  // The bench spreads orders evenly over 730 days and n dealers: pick the span holding ~2,000 of one dealer's.
  const days = Math.min(730, Math.ceil((2000 / (ORDERS / n)) * 730));
  add(
    `GET dealerStatementOfAccounts PDF (~2,000 orders, ${days} days)`,
    await timed(
      serverPid,
      `${url}/api/sale/reports/dealerStatementOfAccounts/pdf/${first}/${end - days * 86400}/${end}`,
      headers,
    ),
    1500,
  );
  add(
    'GET topDealers CSV (latest 12 months)',
    await timed(
      serverPid,
      `${url}/api/shipping/reports/topDealers/csv/${end - 365 * 86400}/${end}/${encodeURIComponent(encodeTimezone('UTC'))}`,
      headers,
    ),
    1000,
  );
  return out;
}
