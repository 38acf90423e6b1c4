/**
 * `node --import tsx bench/time-to-dashboard.ts [runs] [--at-once]` (after `npm run build`): starts the
 * real server on loopback with the demo data, then in headless Chromium, per run in a fresh context:
 * the bytes of JavaScript the login screen loaded (as sent, i.e. compressed), and the time from
 * pressing LOGIN as the administrator to a usable dashboard (heading shown, no spinner left).
 * LOGIN is pressed 2 s after the login screen shows (a person typing a user name and password takes
 * longer), so what the screen loads meanwhile counts as it would; `--at-once` presses it as soon as the
 * fields are filled (the worst case); `--trace` prints each request after LOGIN with its times; `--profile DIR`
 * writes each run's renderer CPU profile (`run-N.cpuprofile`) and Chrome trace (`run-N.trace.json`) from LOGIN to
 * the usable dashboard, for Chrome's DevTools (a `vite build --minify false` keeps the functions' names).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const atOnce = process.argv.includes('--at-once');
/** `--trace`: each run also prints when each request after LOGIN went out and was answered (ms after LOGIN). */
const trace = process.argv.includes('--trace');
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt > 0 ? process.argv[profileAt + 1] : undefined;

const port = await new Promise<number>((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => ok(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'bpm-ttd-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  BPM_DEMO: '1',
};
delete env.DATABASE_URL;
delete env.NODE_ENV;
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let jsBytes = 0;
    const js = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.response.mimeType.includes('javascript')) js.add(e.requestId);
    });
    const sent = new Map<string, { url: string; at: number }>();
    const timeline: string[] = [];
    let clickedAt = Number.POSITIVE_INFINITY; // CDP's monotonic seconds at LOGIN
    cdp.on('Network.requestWillBeSent', (e) => {
      sent.set(e.requestId, { url: e.request.url.replace(base, ''), at: e.timestamp });
      if (clickedAt === Number.POSITIVE_INFINITY && e.request.url.endsWith('/api/auth/login')) clickedAt = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (js.has(e.requestId)) jsBytes += e.encodedDataLength;
      const s = sent.get(e.requestId);
      if (trace && s && s.at >= clickedAt)
        timeline.push(
          `  ${Math.round((s.at - clickedAt) * 1000)}–${Math.round((e.timestamp - clickedAt) * 1000)} ms ${s.url}`,
        );
    });
    // When the login form first shows, in the page's own clock (a resource's startTime is in it too). A string:
    // tsx would wrap a function's inner functions in a helper the page does not have.
    await page.addInitScript(`(() => {
      const frame = () => {
        if (document.querySelector('[data-testid="login-username"]')) window.formShownAt = performance.now();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`);
    if (trace)
      await page.addInitScript(() => {
        const w = window as unknown as { longTasks: Array<[number, number]> };
        w.longTasks = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) w.longTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
    await page.goto(base);
    await page.getByTestId('login-username').waitFor();
    // The JavaScript requested before the form showed (as sent: its compressed body); what an idle preload
    // fetches after it is not the form's.
    const loginJs = await page.evaluate(() => {
      const shownAt = (window as unknown as { formShownAt: number }).formShownAt;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.startTime <= shownAt && /\.m?js(\?|$)/.test(r.name))
        .reduce((n, r) => n + r.encodedBodySize, 0);
    });
    const jsBeforeLogin = jsBytes;
    const shown = Date.now();
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('bpm-demo');
    if (!atOnce) await page.waitForTimeout(Math.max(0, shown + 2000 - Date.now()));
    const t0 = Date.now();
    const clickPerf = trace ? await page.evaluate(() => performance.now()) : 0;
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await cdp.send('Profiler.start');
    }
    await page.getByTestId('login-submit').click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, null, {
      timeout: 60_000,
    });
    console.log(
      `run ${r + 1}: login screen JS ${loginJs} B as sent; dashboard usable ${Date.now() - t0} ms after LOGIN; JS after login ${jsBytes - jsBeforeLogin} B`,
    );
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(join(profileDir, `run-${r + 1}.cpuprofile`), JSON.stringify(profile));
      writeFileSync(join(profileDir, `run-${r + 1}.trace.json`), await browser.stopTracing());
      console.log(`  profile and trace in ${profileDir} (profiling slows the run)`);
    }
    if (trace) {
      const tasks = await page.evaluate(() => (window as unknown as { longTasks: Array<[number, number]> }).longTasks);
      const after = tasks.filter(([at]) => at >= clickPerf);
      console.log(`  (times after the login request went out)\n${timeline.join('\n')}`);
      console.log(
        `  long tasks after LOGIN (ms after the click: duration): ${after.map(([at, d]) => `${Math.round(at - clickPerf)}: ${Math.round(d)}`).join(', ')}`,
      );
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
