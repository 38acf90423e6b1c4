/**
 * `node --import tsx bench/checklist-grid.ts [runs]` (after `npm run build`): the result grid of a
 * 20-serial × 40-step checklist (issue 11, target: renders in under 300 ms). Seeds the demo data and
 * the bench grid into a fresh embedded database, starts the real server, signs the tester in once in
 * headless Chromium, then per run opens the checklist page and times from navigation to all 800
 * result cells on screen, and a click on a cell to its result dialog.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { openPglite } from '../packages/server/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/db/seed';
import { GRID_SERIALS, GRID_STEPS, seedChecklistGrid } from './testing';

const ROOT = resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const CELLS = GRID_SERIALS * GRID_STEPS;

const port = await new Promise<number>((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => ok(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'bpm-grid-'));
const now = Math.floor(Date.now() / 1000);
const db = await openPglite(join(dataDir, 'db'));
await seedDemo(db.db, now);
const gridId = await seedChecklistGrid(db.db, now);
await db.close();

const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
delete env.DATABASE_URL;
delete env.NODE_ENV;
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // A tablet at the bench (issue 11: 1024×768 touch screen).
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('input[name="username"]').fill('tester');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('menu-button').waitFor();
  const render: number[] = [];
  const dialog: number[] = [];
  for (let r = 0; r < runs; r++) {
    // Away and back inside the app, so each run renders the grid afresh (as opening it from the list does).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/tasks');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForFunction(() => !document.querySelector('[data-testid="result-cell"]'));
    const t0 = Date.now();
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/stocktestchecklists/test/${gridId}`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="result-cell"]').length >= n, CELLS, {
      polling: 'raf',
      timeout: 60_000,
    });
    render.push(Date.now() - t0);
    const t1 = Date.now();
    await page
      .getByTestId('result-cell')
      .nth(CELLS - 1)
      .click();
    await page.getByTestId('result-dialog').waitFor();
    dialog.push(Date.now() - t1);
    await page.keyboard.press('Escape');
    await page.getByTestId('result-dialog').waitFor({ state: 'hidden' });
  }
  console.log(
    `grid ${GRID_SERIALS} serials × ${GRID_STEPS} steps (${CELLS} cells), ${runs} runs: ` +
      `open → all cells shown median ${median(render)} ms (max ${Math.max(...render)}), ` +
      `cell click → result dialog median ${median(dialog)} ms (max ${Math.max(...dialog)})`,
  );
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
