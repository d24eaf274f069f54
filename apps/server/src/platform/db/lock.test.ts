import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-lock-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${output}`));
    });
  });
  ready.catch(() => undefined); // the second server is expected to fail; its test reads `exited`
  return { child, ready, exited, output: () => output };
}

it('refuses a second process on the same data folder with a clear message', async () => {
  const dataDir = tempDir();
  const first = startServer(dataDir);
  await first.ready;
  const second = startServer(dataDir);
  const code = await second.exited;
  expect(code).toBe(1);
  expect(second.output()).toContain('Another Ferry process');
  expect(second.output()).toContain(dataDir);
  // The first one is unharmed...
  expect(first.child.exitCode).toBeNull();
  // ...and shuts down gracefully on SIGTERM, releasing the lock.
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'ferry.lock'))).toBe(false);
}, 60_000);

it('takes over a lock left by a process that is gone', () => {
  const dataDir = tempDir();
  fs.writeFileSync(
    path.join(dataDir, 'ferry.lock'),
    JSON.stringify({ pid: 2_147_483_000, hostname: os.hostname(), startedAt: new Date().toISOString() }),
  );
  const release = acquireDataDirLock(dataDir);
  expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'ferry.lock'), 'utf8')).pid).toBe(process.pid);
  expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
  release();
  expect(fs.existsSync(path.join(dataDir, 'ferry.lock'))).toBe(false);
});
