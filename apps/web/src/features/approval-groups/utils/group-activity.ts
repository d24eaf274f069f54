import type { GroupActivityItem } from '../api/get-group-activity';

/** What a group looked like before or after a change, as far as the log says. */
export type GroupSnapshot = { name?: string; description?: string; members?: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A member as the log names them: a string, or an object with a name (or first and last names). */
const memberName = (value: unknown): string | undefined => {
  if (typeof value === 'string') return text(value);
  if (!isRecord(value)) return undefined;
  const user = isRecord(value.user) ? value.user : value;
  const full = [text(user.firstName), text(user.lastName)].filter(Boolean).join(' ');
  return text(value.name) ?? text(value.label) ?? text(value.userName) ?? (full || text(user.email));
};

const names = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(memberName).filter((n): n is string => n !== undefined) : undefined;

const MEMBER_KEYS = ['members', 'memberNames', 'userNames', 'users'] as const;

/** Reads a snapshot of `metadata.oldData` / `metadata.newData` (their exact shape is the server's). */
export const readGroupSnapshot = (data: unknown): GroupSnapshot | null => {
  if (!isRecord(data)) return null;
  const snapshot: GroupSnapshot = {};
  const name = text(data.name);
  if (name !== undefined) snapshot.name = name;
  if (typeof data.description === 'string') snapshot.description = data.description;
  for (const key of MEMBER_KEYS) {
    const list = names(data[key]);
    if (list) {
      snapshot.members = list;
      break;
    }
  }
  return snapshot;
};

export type GroupChange =
  | { kind: 'renamed'; from: string; to: string }
  | { kind: 'description'; to: string }
  | { kind: 'added'; names: string[] }
  | { kind: 'removed'; names: string[] }
  | { kind: 'members'; names: string[] };

/** Who did it: the person's name, or 'System'. */
export const getActivityActorName = (entry: GroupActivityItem): string =>
  entry.actor.performedByName?.trim() || entry.actor.name?.trim() || 'System';

/**
 * What an entry changed, in words: a new group's members; a modified group's new name, new description,
 * members added and removed (named by the log, or worked out from the two snapshots).
 */
export const describeGroupChanges = (entry: GroupActivityItem): GroupChange[] => {
  const metadata = entry.metadata ?? null;
  if (!metadata) return [];
  const before = readGroupSnapshot(metadata.oldData);
  const after = readGroupSnapshot(metadata.newData);
  const changes: GroupChange[] = [];
  if (!before && after) {
    if (after.members && after.members.length > 0) changes.push({ kind: 'members', names: after.members });
    return changes;
  }
  if (!before || !after) return changes;
  if (before.name && after.name && before.name !== after.name)
    changes.push({ kind: 'renamed', from: before.name, to: after.name });
  if (after.description !== undefined && before.description !== after.description)
    changes.push({ kind: 'description', to: after.description });
  const newData = isRecord(metadata.newData) ? metadata.newData : {};
  const added =
    names(newData.added) ??
    (after.members && before.members ? after.members.filter((n) => !before.members?.includes(n)) : []);
  const removed =
    names(newData.removed) ??
    (after.members && before.members ? before.members.filter((n) => !after.members?.includes(n)) : []);
  if (added.length > 0) changes.push({ kind: 'added', names: added });
  if (removed.length > 0) changes.push({ kind: 'removed', names: removed });
  return changes;
};
