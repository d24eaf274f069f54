import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { listBusinessesForUser } from '../modules/businesses/service.js';
import { makeBusiness } from '../testing/factories.js';
import { getMigrationStatus } from './db/migrate.js';
import { createLogger } from './logger.js';
import { openRuntime } from './runtime.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-runtime-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('keeps the embedded data across a restart and releases the lock on close', async () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const logger = createLogger('silent');

  const first = await openRuntime({ config, logger });
  const { owner, businessId } = await makeBusiness(first.context, { businessName: 'Persistent Books LLC' });
  expect(fs.existsSync(path.join(dataDir, 'ferry.lock'))).toBe(true);
  await first.close();
  expect(fs.existsSync(path.join(dataDir, 'ferry.lock'))).toBe(false);

  const second = await openRuntime({ config, logger });
  try {
    const businesses = await listBusinessesForUser({ db: second.context.database.db, userId: owner.id });
    expect(businesses.map((b) => [b.id, b.businessName])).toEqual([[businessId, 'Persistent Books LLC']]);
    expect((await getMigrationStatus(second.context.database)).current).toBe(true);
  } finally {
    await second.close();
  }
}, 60_000);
