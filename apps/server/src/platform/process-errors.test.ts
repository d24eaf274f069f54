import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleUnhandledRejection } from './process-errors.js';

const logger = () => ({ warn: vi.fn(), error: vi.fn() });

describe('a promise rejected with no handler', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('is only logged when the database was unreachable (pg-boss recording a job outcome)', () => {
    const log = logger();
    const shutDown = vi.fn();
    const reason = new Error('Failed query', { cause: Object.assign(new Error('gone'), { code: '57P01' }) });
    expect(handleUnhandledRejection(reason, { logger: log, shutDown })).toBe('ignored');
    expect(
      handleUnhandledRejection(new Error('Connection terminated unexpectedly'), { logger: log, shutDown }),
    ).toBe('ignored');
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(shutDown).not.toHaveBeenCalled();
    expect(process.exitCode).toBeUndefined();
  });

  it('shuts the process down for anything else', () => {
    const log = logger();
    const shutDown = vi.fn();
    expect(handleUnhandledRejection(new TypeError('x is undefined'), { logger: log, shutDown })).toBe(
      'fatal',
    );
    expect(log.error).toHaveBeenCalledOnce();
    expect(shutDown).toHaveBeenCalledOnce();
    expect(process.exitCode).toBe(1);
  });
});
