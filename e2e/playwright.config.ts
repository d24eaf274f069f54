import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-args';

// Each run starts the built app on its own empty data folder and port.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3210);
const root = path.resolve(import.meta.dirname, '..');
// A second Ferry on its own folder and port, holding what `npm run demo` loads (the demo journey).
const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-e2e-demo-'));
const demoPort = Number(process.env.E2E_DEMO_PORT ?? 3211);

/** The built app on `port` with its data in `folder`. */
const serverAt = (serverPort: number, folder: string) => ({
  command: 'node --enable-source-maps apps/server/dist/main.js',
  cwd: root,
  url: `http://127.0.0.1:${serverPort}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: folder,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  },
});

/** The demo loader builds its 90 days through the engine first: minutes on a busy machine. */
const demoServer = {
  ...serverAt(demoPort, demoDataDir),
  command: `node apps/server/dist/demo.js && ${serverAt(demoPort, demoDataDir).command}`,
  timeout: 600_000,
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  // E2E_NO_DEMO=1 (a local run of other journeys) skips the demo Ferry and its minutes of loading.
  webServer: process.env.E2E_NO_DEMO ? [serverAt(port, dataDir)] : [serverAt(port, dataDir), demoServer],
});
