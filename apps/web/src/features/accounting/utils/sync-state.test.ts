import { describe, expect, it } from 'vitest';
import { makeConnection, makeRun } from '../testing/accounting';
import { formatTimeAgo } from './relative-time';
import { changeLines, progressText } from './sync-run-text';
import { getSyncButtonState } from './sync-state';

describe('getSyncButtonState (spec 002 §4)', () => {
  it.each([
    ['never connected', null, null, 'hidden'],
    ['skipped', makeConnection(), 'SKIPPED', 'hidden'],
    ['lost without a connection record', null, 'DISCONNECTED', 'reconnect'],
    ['disconnected', makeConnection({ status: 'DISCONNECTED' }), null, 'reconnect'],
    ['expired', makeConnection({ status: 'EXPIRED' }), null, 'reconnect'],
    ['syncing', makeConnection({ syncStatus: 'IN_PROGRESS' }), null, 'syncing'],
    [
      'failed',
      makeConnection({ syncStatus: 'FAILED', lastRun: makeRun({ status: 'FAILED' }) }),
      null,
      'failed',
    ],
    ['completed', makeConnection(), 'CONNECTED', 'synced'],
    [
      'never synced',
      makeConnection({ syncStatus: 'NOT_STARTED', syncDate: null, lastRun: null }),
      null,
      'sync',
    ],
  ] as const)('%s → %s', (_name, connection, status, kind) => {
    expect(getSyncButtonState(connection, status).kind).toBe(kind);
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  it.each([
    ['2026-11-27T11:59:30.000Z', 'less than a minute'],
    ['2026-11-27T11:59:00.000Z', '1 minute'],
    ['2026-11-27T11:55:00.000Z', '5 minutes'],
    ['2026-11-27T09:00:00.000Z', '3 hours'],
    ['2026-11-25T12:00:00.000Z', '2 days'],
  ])('%s → %s', (iso, text) => {
    expect(formatTimeAgo(iso, now)).toBe(text);
  });
});

describe('sync run text', () => {
  it('names the counts per kind, one and many', () => {
    const run = makeRun({ imported: { ACCOUNT: 1, ITEM: 4 }, pushed: { INVOICE_PAYMENT: 1 } });
    expect(changeLines(run)).toEqual(['Imported 1 chart account, 4 items', 'Pushed 1 invoice payment']);
    expect(progressText({ step: 'INVOICE' })).toBe('Syncing invoices…');
    expect(progressText({ step: null })).toBe('Syncing…');
  });
});
