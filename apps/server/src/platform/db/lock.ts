import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder silently lose writes, so the embedded
 * mode holds `ferry.lock` in the data folder. A lock left by a process that is gone is taken over.
 * Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'ferry.lock');
  const info: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(info), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
          if (current.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
      } catch {
        holder = undefined;
      }
      const sameHost = holder?.hostname === os.hostname();
      if (holder && (!sameHost || isProcessAlive(holder.pid))) {
        throw new DataDirLockedError(
          `Another Ferry process (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}) is using the data folder ${dataDir}. ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
