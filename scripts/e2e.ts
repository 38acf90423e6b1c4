/**
 * End-to-end runner (`npm run test:e2e`, after the web build): starts a server on a free
 * loopback port with a fresh DATA_DIR (demo data loads on the empty embedded database), then runs
 * every exported async function of `packages/web/e2e/**\/*.e2e.ts` in its own browser context.
 *
 * A journey: `export async function adminLogsIn({ page, baseURL, browser }: E2EContext) { … }`.
 * Failures leave a screenshot in `test-results/e2e/`. Filter journeys with `E2E_GREP=text`. Journey
 * files are shared out over E2E_WORKERS lanes (default 2), each with its own server and database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export interface E2EContext {
  browser: Browser;
  /** A fresh page in its own context (no shared cookies or storage between journeys). */
  page: Page;
  /** e.g. http://127.0.0.1:41234 */
  baseURL: string;
}

const ROOT = resolve(import.meta.dirname, '..');
const E2E_DIR = join(ROOT, 'packages/web/e2e');
const RESULTS = join(ROOT, 'test-results/e2e');
const CI = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
/** Journey files run in this many lanes at once (E2E_WORKERS, default 2: the browser and the server wait on each other often enough that two lanes keep two cores busy). */
const WORKERS = Number(process.env.E2E_WORKERS || 2);
/**
 * A journey that neither passes nor fails within this time (a promise that never settles: an
 * evaluate in a page that stopped rendering, say) fails with its screenshot instead of stopping the run.
 * The longest journeys take ~2 min on a loaded machine.
 */
const JOURNEY_LIMIT_MS = Number(process.env.E2E_JOURNEY_LIMIT_MS || 600_000);
/**
 * A failed journey runs once more in a fresh context under CI (E2E_RETRIES, default 1 under CI, 0
 * otherwise), as Playwright's own runner does: a page that stops producing frames under a loaded
 * machine (a click waiting 15 s for 'stable', seen once in CI) fails one attempt, not the run. The
 * first failure's stack and screenshot are printed, and the summary names every journey that
 * passed only on its retry; a journey that fails twice fails the run.
 */
const RETRIES = Number(process.env.E2E_RETRIES ?? (CI ? 1 : 0));

function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`journey did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function findJourneys(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return findJourneys(p);
    return e.name.endsWith('.e2e.ts') ? [p] : [];
  });
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function main() {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    const msg = `Chromium not found at ${executablePath} (set CHROMIUM_PATH or apt-get install chromium).`;
    if (CI) {
      console.error(`e2e: ${msg}`);
      process.exit(1);
    }
    console.log(`e2e: SKIPPED — ${msg}`);
    return;
  }
  if (!existsSync(join(ROOT, 'packages/web/dist/index.html'))) {
    console.error('e2e: packages/web/dist is missing; run `npm run build` first.');
    process.exit(1);
  }
  const files = findJourneys(E2E_DIR).sort();
  if (files.length === 0) {
    console.log('e2e: no journeys found.');
    return;
  }

  const grep = process.env.E2E_GREP;
  const journeys: { file: string; title: string; run: (c: E2EContext) => Promise<void> }[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== 'function') continue;
      const title = `${relative(ROOT, file)} › ${name}`;
      if (!grep || title.includes(grep)) journeys.push({ file, title, run: fn as (c: E2EContext) => Promise<void> });
    }
  }
  // A journey file is the unit of work: its journeys run in order on one server, as written.
  const queue = [...new Set(journeys.map((j) => j.file))];
  const lanes = Math.max(1, Math.min(WORKERS, queue.length));

  let failed = 0;
  let passed = 0;
  const retried: string[] = [];
  let browser: Browser | undefined;
  const servers: Lane[] = [];
  try {
    // Each lane has its own server and embedded database: journeys in different lanes never see
    // each other's records, sessions or login throttles.
    for (let i = 0; i < lanes; i++) servers.push(await startLane());
    await Promise.all(servers.map((l) => waitForHealth(l.baseURL, l.server)));
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const open = browser;
    await Promise.all(
      servers.map(async ({ baseURL }) => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          for (const { title, run } of journeys.filter((j) => j.file === file)) {
            for (let attempt = 0; ; attempt++) {
              const context = await open.newContext({
                baseURL,
                viewport: { width: 1280, height: 800 },
                locale: 'en-US',
              });
              context.setDefaultTimeout(15_000);
              const page = await context.newPage();
              const started = Date.now();
              try {
                await withinLimit(run({ browser: open, page, baseURL }), JOURNEY_LIMIT_MS);
                passed++;
                if (attempt > 0) retried.push(title);
                console.log(`  ✓ ${title} (${Date.now() - started} ms${attempt > 0 ? ', on its retry' : ''})`);
                break;
              } catch (err) {
                mkdirSync(RESULTS, { recursive: true });
                const shot = join(
                  RESULTS,
                  `${title.replace(/[^A-Za-z0-9_.-]+/g, '_')}${attempt > 0 ? `.retry${attempt}` : ''}.png`,
                );
                await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
                const last = attempt >= RETRIES;
                console.error(
                  `  ${last ? '✗' : '↻'} ${title}${last ? '' : ' (failed; runs again in a fresh context)'}\n    ${(err as Error).stack ?? err}\n    screenshot: ${relative(ROOT, shot)}`,
                );
                if (last) {
                  failed++;
                  break;
                }
              } finally {
                await context.close();
              }
            }
          }
        }
      }),
    );
  } finally {
    await browser?.close();
    for (const l of servers) {
      await stop(l.server);
      rmSync(l.dataDir, { recursive: true, force: true });
    }
  }
  console.log(`e2e: ${passed} passed, ${failed} failed (${lanes} lane${lanes === 1 ? '' : 's'})`);
  if (retried.length > 0)
    console.log(`e2e: passed only on a retry (flaky; read the first failure above): ${retried.join(', ')}`);
  if (failed > 0 || passed === 0) process.exit(1);
}

interface Lane {
  baseURL: string;
  dataDir: string;
  server: ChildProcess;
}

/** A server on a free loopback port with a fresh DATA_DIR (demo data loads on the empty embedded database). */
async function startLane(): Promise<Lane> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bpm-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BPM_DEMO: '1',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  };
  // Always the embedded database with demo data, whatever the caller's environment says.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  delete env.JWT_SECRET;
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { baseURL: `http://127.0.0.1:${port}`, dataDir, server };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
