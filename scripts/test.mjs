#!/usr/bin/env node
// `npm test`: every suite — domain, server (PGlite, or PostgreSQL when DATABASE_URL is set), web
// components, browser journeys in Chromium — then one summary line "N passed, N failed".
//   --no-e2e           skip the browser journeys
//   --only=a,b         run only these suites (domain, server, web, e2e)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const skipE2e = args.includes('--no-e2e');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-test-'));

const suites = [
  { name: 'domain', kind: 'vitest', dir: 'packages/domain' },
  { name: 'server', kind: 'vitest', dir: 'apps/server' },
  { name: 'web', kind: 'vitest', dir: 'apps/web' },
  { name: 'e2e', kind: 'playwright', dir: 'e2e' },
].filter((s) => (only ? only.includes(s.name) : !(skipE2e && s.name === 'e2e')));

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return;
  console.log('Installing Debian chromium for the browser journeys...');
  const asRoot = process.getuid?.() === 0;
  const apt = (aptArgs) =>
    run(asRoot ? 'apt-get' : 'sudo', asRoot ? aptArgs : ['apt-get', ...aptArgs], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (
    apt(['update', '-qq']) !== 0 ||
    apt(['install', '-y', '-qq', 'chromium']) !== 0 ||
    !fs.existsSync(chromium)
  ) {
    console.error('Could not install chromium (apt-get install chromium).');
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
const failures = [];

/** The failed tests of a suite's JSON report, each with the first line of its error. */
function failedTests(suite, json) {
  const firstLine = (message) =>
    stripVTControlCharacters(String(message ?? ''))
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? '';
  if (suite.kind === 'vitest') {
    return (json.testResults ?? []).flatMap((file) => {
      const where = path.relative(root, file.name ?? '');
      const tests = (file.assertionResults ?? [])
        .filter((t) => t.status === 'failed')
        .map((t) => `${suite.name}: ${where} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed to load reports no test but a message.
      if (tests.length === 0 && file.status === 'failed')
        tests.push(`${suite.name}: ${where} — ${firstLine(file.message)}`);
      return tests;
    });
  }
  const walk = (s, titles) => [
    ...(s.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map(
          (t) =>
            `${suite.name}: ${[...titles, spec.title].join(' › ')} (${t.status}) — ${firstLine(
              t.results?.at(-1)?.error?.message,
            )}`,
        ),
    ),
    ...(s.suites ?? []).flatMap((child) => walk(child, [...titles, child.title].filter(Boolean))),
  ];
  return (json.suites ?? []).flatMap((s) => walk(s, [s.title]));
}

for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const report = path.join(reportDir, `${suite.name}.json`);
  let status;
  if (suite.kind === 'vitest') {
    status = run('npx', [
      'vitest',
      'run',
      '--root',
      suite.dir,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
  } else {
    ensureChromium();
    const build = run('npm', ['run', 'build']);
    if (build !== 0) {
      results.push({ name: suite.name, status: build, passed: 0, failed: 1, skipped: 0 });
      totals.failed += 1;
      continue;
    }
    status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
  }
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    failures.push(...failedTests(suite, json));
    counts =
      suite.kind === 'vitest'
        ? {
            passed: json.numPassedTests,
            failed: json.numFailedTests,
            skipped: json.numPendingTests + json.numTodoTests,
          }
        : {
            passed: json.stats.expected,
            failed: json.stats.unexpected + json.stats.flaky,
            skipped: json.stats.skipped,
          };
  }
  // A runner that failed without reporting a failed test (crash, no tests) still fails the run.
  if (status !== 0 && counts.failed === 0) counts.failed = 1;
  if (status === 0 && counts.passed === 0) counts.failed += 1;
  results.push({ name: suite.name, status, ...counts });
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

fs.rmSync(reportDir, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.name.padEnd(8)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
for (const f of failures) console.log(`failed: ${f}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
