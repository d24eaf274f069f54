// `npm run bench:web`: page weight and largest contentful paint of the built web app in a cold Chromium.
// Figures only: nothing here is asserted. Writes results/web.md.
//
// Serves WEB_DIST (default apps/web/dist) with the built server (apps/server/dist/main.js), or with the
// server's source when BENCH_SERVER=source, on a fresh data folder and a free port. Each measurement uses a
// new browser context (empty cache). JS is what the page downloads: compressed bytes of every .js response
// (Resource Timing `encodedBodySize`; with headers as `transferSize`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/chromium-args';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const fromSource = process.env.BENCH_SERVER === 'source';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const resultsFile = path.join(import.meta.dirname, 'results', 'web.md');

const KB = 1000;
const TARGETS = {
  signinJs: 150 * KB,
  homeJs: 250 * KB,
  lcpLocal: 1000,
  lcpSlow: 2000,
};
/** The emulated link: 10 Mbps both ways, 40 ms latency. */
const SLOW_LINK = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base: string) {
  // Up to 3 minutes: a fresh data folder is migrated first, and the server's source is compiled on the fly.
  for (let i = 0; i < 900; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error('server did not start');
}

/** A signed-up business owner (as the e2e `registerViaApi` does) and a business of theirs. */
async function registerOwner(base: string) {
  const stamp = `${Date.now()}`.slice(-7);
  const email = `bench-${stamp}@harborcoffee.com`;
  const phone = `415555${stamp.slice(-4)}`;
  const e164 = `+1${phone}`;
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { data?: Record<string, unknown> };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.data ?? {};
  };
  const outbox = async (to: string) =>
    ((await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}&pageSize=10`)).items as {
      id: string;
      text: string;
    }[]) ?? [];
  const signUp = await call('POST', '/auth/users/sign-up', {
    firstName: 'Jordan',
    lastName: 'Blake',
    email,
    phones: [{ phoneNumber: phone, countryCode: '1', countryISOCode: 'us' }],
    country: 'US',
    recaptchaToken: 'bench',
    isAgree: true,
  });
  let headers = { authorization: `Bearer ${signUp.token}`, 'session-id': String(signUp.sessionId) };
  for (const [channel, to] of [
    ['email', email],
    ['phone', e164],
  ] as const) {
    const seen = new Set((await outbox(to)).map((m) => m.id));
    const { requestId } = await call('POST', `/otp/${channel}`, { recaptchaToken: 'bench' }, headers);
    let otp: string | undefined;
    for (let i = 0; i < 50 && !otp; i += 1) {
      const fresh = (await outbox(to)).find((m) => !seen.has(m.id));
      otp = fresh?.text.match(/\b(\d{6})\b/)?.[1];
      if (!otp) await sleep(200);
    }
    if (!otp) throw new Error(`no code for ${to} in the dev outbox`);
    await call('POST', `/otp/verify/${channel}`, { requestId, otp, recaptchaToken: 'bench' }, headers);
  }
  const password = 'Bench-password-2026!';
  const set = await call(
    'POST',
    '/auth/set-password',
    { password, confirmPassword: password, recaptchaToken: 'bench' },
    headers,
  );
  headers = { authorization: `Bearer ${set.token}`, 'session-id': String(set.sessionId) };
  await call('PATCH', '/user', { userType: 'SME_OWNER' }, headers);
  const business = await call(
    'POST',
    '/business',
    { businessName: 'Harbor Coffee', businessType: 'LLC', category: 'NONE' },
    headers,
  );
  return {
    session: { token: String(set.token), sessionId: String(set.sessionId) },
    businessId: String(business.businessId),
  };
}

type Measure = { jsBytes: number; jsTransfer: number; jsFiles: number; lcp: number };

/** One cold load of `url` in a new context; `ready` is a text the loaded page shows. */
async function measure(
  browser: Browser,
  url: string,
  ready: RegExp,
  options: { slow: boolean; session?: { token: string; sessionId: string }; businessId?: string },
): Promise<Measure> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(
      ([session, businessId, readySource]) => {
        // The page's globals (this project's types are Node's, not the DOM's).
        const w = globalThis as unknown as {
          localStorage: { setItem(key: string, value: string): void };
          __lcp: number;
          PerformanceObserver: new (
            callback: (list: { getEntries(): { startTime: number }[] }) => void,
          ) => { observe(options: { type: string; buffered: boolean }): void };
        };
        if (session) w.localStorage.setItem('ferry.session', session);
        if (businessId) w.localStorage.setItem('ferry.activeBusiness', businessId);
        w.__lcp = 0;
        new w.PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            w.__lcp = entry.startTime;
            const element = (entry as { element?: { tagName: string; textContent: string | null } }).element;
            const described = element
              ? `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 60)}"`
              : '?';
            (w as unknown as { __lcpElement: string }).__lcpElement = described;
            // Every candidate, for BENCH_FILES: when each larger element was painted.
            const store = w as unknown as { __lcpAll?: string[] };
            store.__lcpAll = [...(store.__lcpAll ?? []), `${Math.round(entry.startTime)} ms ${described}`];
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Resolves once the page's text matches `ready`; read through CDP (below), so no Playwright
        // selector engine is evaluated in the page while it loads.
        const doc = w as unknown as { document: { body: { textContent: string | null } | null } };
        // (No named functions here: tsx would wrap them in a helper the page does not have.)
        (w as unknown as { __ready: Promise<boolean> }).__ready = new Promise((resolve) => {
          const started = Date.now();
          const timer = setInterval(() => {
            const shown = new RegExp(readySource, 'i').test(doc.document.body?.textContent ?? '');
            if (!shown && Date.now() - started < 30_000) return;
            clearInterval(timer);
            resolve(shown);
          }, 50);
        });
      },
      [
        options.session ? JSON.stringify(options.session) : null,
        options.businessId ? JSON.stringify({ id: options.businessId, permissions: [] }) : null,
        ready.source,
      ] as const,
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (options.slow) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
    }
    await page.goto(url, { waitUntil: 'commit' });
    const shown = await cdp.send('Runtime.evaluate', {
      expression: 'globalThis.__ready',
      awaitPromise: true,
      returnByValue: true,
    });
    if (shown.result.value !== true)
      throw new Error(`${url} did not show ${ready} within 30 s: ${JSON.stringify(shown)}`);
    await page.waitForLoadState('networkidle');
    await sleep(500);
    if (process.env.BENCH_FILES) {
      // BENCH_FILES=1: each script the page loaded, largest first, to see where the bytes go.
      const files = await page.evaluate(() =>
        (
          globalThis as unknown as {
            performance: { getEntriesByType(type: string): { name: string; encodedBodySize: number }[] };
          }
        ).performance
          .getEntriesByType('resource')
          .map((e) => {
            const timing = e as unknown as { startTime: number; responseEnd: number };
            return [
              new URL(e.name).pathname.split('/').pop() + new URL(e.name).search,
              e.encodedBodySize,
              Math.round(timing.startTime),
              Math.round(timing.responseEnd),
            ] as const;
          }),
      );
      const lcpElement = await page.evaluate(
        () => (globalThis as unknown as { __lcpElement?: string }).__lcpElement,
      );
      const candidates = await page.evaluate(
        () => (globalThis as unknown as { __lcpAll?: string[] }).__lcpAll ?? [],
      );
      console.log(`\n${url}${options.slow ? ' (slow link)' : ''}: LCP element ${lcpElement}`);
      console.log(`LCP candidates: ${candidates.join('; ')}`);
      console.log('    bytes  start    end  file');
      for (const [name, bytes, start, end] of [...files].sort((a, b) => a[2] - b[2]))
        console.log(
          `${String(bytes).padStart(9)} ${String(start).padStart(6)} ${String(end).padStart(6)}  ${name}`,
        );
    }
    return await page.evaluate(() => {
      type Resource = { name: string; encodedBodySize: number; transferSize: number };
      const page = globalThis as unknown as { performance: { getEntriesByType(type: string): Resource[] } };
      const scripts = page.performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'));
      return {
        jsBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
        jsTransfer: scripts.reduce((sum, e) => sum + e.transferSize, 0),
        jsFiles: scripts.length,
        lcp: (globalThis as unknown as { __lcp: number }).__lcp,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? 0;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

async function measureMedian(...args: Parameters<typeof measure>): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await measure(...args));
  console.log(
    `${args[1]}${args[3].slow ? ' (slow link)' : ''}: LCP ${all.map((m) => Math.round(m.lcp)).join(', ')} ms`,
  );
  return {
    jsBytes: median(all.map((m) => m.jsBytes)),
    jsTransfer: median(all.map((m) => m.jsTransfer)),
    jsFiles: median(all.map((m) => m.jsFiles)),
    lcp: median(all.map((m) => m.lcp)),
  };
}

if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error(`no web build in ${webDist}: run npm run build (or set WEB_DIST)`);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-web-'));
const server = spawn(
  fromSource ? path.join(root, 'node_modules/.bin/tsx') : process.execPath,
  [fromSource ? 'apps/server/src/main.ts' : 'apps/server/dist/main.js'],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      SERVE_WEB: 'true',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
let browser: Browser | undefined;
try {
  await waitForHealth(base);
  const owner = await registerOwner(base);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const home = `${base}/b/${owner.businessId}/home`;
  const signedIn = { session: owner.session, businessId: owner.businessId };
  const signinLocal = await measureMedian(browser, `${base}/signin`, /sign in/i, { slow: false });
  const signinSlow = await measureMedian(browser, `${base}/signin`, /sign in/i, { slow: true });
  const homeLocal = await measureMedian(browser, home, /Harbor Coffee/, { slow: false, ...signedIn });
  const homeSlow = await measureMedian(browser, home, /Harbor Coffee/, { slow: true, ...signedIn });

  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const verdict = (value: number, target: number) => (value <= target ? 'MET' : 'NOT MET');
  const rows: [string, string, string, string][] = [
    [
      'JS for /signin (compressed)',
      `${kb(signinLocal.jsBytes)} (${signinLocal.jsFiles} files; ${kb(signinLocal.jsTransfer)} with headers)`,
      `≤ ${kb(TARGETS.signinJs)}`,
      verdict(signinLocal.jsBytes, TARGETS.signinJs),
    ],
    [
      'JS for the business home (compressed)',
      `${kb(homeLocal.jsBytes)} (${homeLocal.jsFiles} files; ${kb(homeLocal.jsTransfer)} with headers)`,
      `≤ ${kb(TARGETS.homeJs)}`,
      verdict(homeLocal.jsBytes, TARGETS.homeJs),
    ],
    [
      'LCP /signin, localhost',
      ms(signinLocal.lcp),
      `≤ ${ms(TARGETS.lcpLocal)}`,
      verdict(signinLocal.lcp, TARGETS.lcpLocal),
    ],
    [
      'LCP business home, localhost',
      ms(homeLocal.lcp),
      `≤ ${ms(TARGETS.lcpLocal)}`,
      verdict(homeLocal.lcp, TARGETS.lcpLocal),
    ],
    [
      'LCP /signin, 10 Mbps / 40 ms',
      ms(signinSlow.lcp),
      `≤ ${ms(TARGETS.lcpSlow)}`,
      verdict(signinSlow.lcp, TARGETS.lcpSlow),
    ],
    [
      'LCP business home, 10 Mbps / 40 ms',
      ms(homeSlow.lcp),
      `≤ ${ms(TARGETS.lcpSlow)}`,
      verdict(homeSlow.lcp, TARGETS.lcpSlow),
    ],
  ];
  const header: [string, string, string, string] = ['figure', `measured (median of ${runs})`, 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const table = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
  const machine = `${os.cpus().length} cores (load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}), Node ${process.version}, Chromium ${await browser.version()}`;
  console.log(`\n${machine}\n\n${table}\n`);
  const allMet = rows.every((r) => r[3] === 'MET');
  console.log(allMet ? 'every target met' : 'some targets NOT MET');

  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  // The notes under the figures (sections from the first '## ' heading on) are kept as they are.
  const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
  const notesAt = previous.indexOf('\n## ');
  const notes = notesAt === -1 ? '' : previous.slice(notesAt);
  fs.writeFileSync(
    resultsFile,
    `# web page weight and LCP: /signin and the business home, cold cache

\`npm run bench:web\` (builds, then \`tsx web.ts\`; \`WEB_DIST=… BENCH_SERVER=source npm run bench:web -w @ferry/bench\`
measures a build kept elsewhere with the server's source). Goal (issue 15): JS ≤ 150 KB compressed for /signin and
≤ 250 KB for the business home; LCP ≤ 1.0 s on localhost and ≤ 2.0 s at an emulated 10 Mbps / 40 ms link. Figures
only, nothing asserted.

Each figure is the median of ${runs} loads, each in a new browser context (empty cache), headless Chromium driven by
playwright-core. JS: compressed bytes of every \`.js\` response of the load (Resource Timing \`encodedBodySize\`;
\`transferSize\` adds the headers), counted once the page shows its content and the network is idle, so chunks
loaded after the first paint count too. The business home is that of a new, unverified business of a freshly
signed-up owner (session put in local storage before the page loads). LCP: the last
\`largest-contentful-paint\` entry. The slow link is CDP \`Network.emulateNetworkConditions\` (10 Mbps down and up,
40 ms per request). The page is watched without disturbing it: its text is polled by the page's own init script and
read over CDP (no Playwright selector engine is evaluated in it while it loads), and Chromium's omnibox popup pages,
which each new headless window builds in a renderer of its own (about 4 s of CPU), are turned off.

Machine: ${machine}; ${new Date().toISOString().slice(0, 10)}.

${table}
${notes}`,
  );
  console.log(`written ${path.relative(root, resultsFile)}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
