import { SYNC_KIND_LABELS, SYNC_KINDS, type SyncKind, type SyncRun } from '@ferry/domain/schemas';

export const TRIGGER_LABELS: Record<SyncRun['trigger'], string> = {
  CONNECT: 'On connect',
  MANUAL: 'Manual',
  SCHEDULE: 'Scheduled',
  WEBHOOK: 'From your books',
};

export const RUN_STATUS_DISPLAY: Record<
  SyncRun['status'],
  { label: string; colour: 'green' | 'amber' | 'red' }
> = {
  IN_PROGRESS: { label: 'In progress', colour: 'amber' },
  COMPLETED: { label: 'Completed', colour: 'green' },
  FAILED: { label: 'Failed', colour: 'red' },
};

/** '3 vendors', '1 bill' (SYNC_KIND_LABELS). */
export const countOf = (kind: SyncKind, count: number): string =>
  `${count} ${count === 1 ? SYNC_KIND_LABELS[kind].one : SYNC_KIND_LABELS[kind].many}`;

/** '3 vendors, 1 bill' in the catalogue's order, or null when nothing was counted. */
export const countsText = (counts: SyncRun['imported']): string | null => {
  const parts = SYNC_KINDS.flatMap((kind) => {
    const count = counts[kind] ?? 0;
    return count > 0 ? [countOf(kind, count)] : [];
  });
  return parts.length > 0 ? parts.join(', ') : null;
};

/** The run's changes, one line each: 'Imported …', 'Updated …', 'Pushed …'. */
export const changeLines = (run: SyncRun): string[] =>
  (
    [
      ['Imported', run.imported],
      ['Updated', run.updated],
      ['Pushed', run.pushed],
    ] as const
  ).flatMap(([verb, counts]) => {
    const text = countsText(counts);
    return text ? [`${verb} ${text}`] : [];
  });

/** 'Syncing vendors…' while a run is at a step, else 'Syncing…'. */
export const progressText = (run: Pick<SyncRun, 'step'>): string =>
  run.step ? `Syncing ${SYNC_KIND_LABELS[run.step].many}…` : 'Syncing…';
