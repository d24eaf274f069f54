#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then runs Ferry (API + worker + web on one port).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

function ensureBuilt(name, output, sources) {
  const out = path.join(root, output);
  const builtAt = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  if (builtAt > 0 && builtAt >= newestMtime(sources)) return;
  console.log(`Building ${name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

ensureBuilt('@ferry/web', 'apps/web/dist/index.html', [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
]);
ensureBuilt('@ferry/server', 'apps/server/dist/main.js', [
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/domain/src',
]);

const child = spawn(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/main.js', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
