import { APPROVAL_AUDIT_ACTION_LABELS, type PolicyView, policyViewSchema } from '@ferry/domain';
import type { AuditEntry } from '../api/get-audit-trail';

/** What an audit entry's `oldData` / `newData` holds, read for people (never shown as raw JSON). */
export type AuditSnapshot =
  | { kind: 'policy'; policy: PolicyView }
  | { kind: 'order'; names: string[] }
  | { kind: 'named'; name: string }
  | { kind: 'none' };

export const readAuditSnapshot = (data: unknown): AuditSnapshot => {
  if (data === null || data === undefined) return { kind: 'none' };
  if (Array.isArray(data) && data.every((item) => typeof item === 'string'))
    return { kind: 'order', names: data };
  const policy = policyViewSchema.safeParse(data);
  if (policy.success) return { kind: 'policy', policy: policy.data };
  if (typeof data === 'object' && 'name' in data && typeof data.name === 'string')
    return { kind: 'named', name: data.name };
  return { kind: 'none' };
};

/** 'Policy Created', 'Policy Modified', 'Policy Deleted', 'Priority Changed' (spec 001 §4). */
export const getAuditActionLabel = (entry: AuditEntry): string =>
  APPROVAL_AUDIT_ACTION_LABELS[entry.action as keyof typeof APPROVAL_AUDIT_ACTION_LABELS] ??
  entry.label.split(':')[0] ??
  entry.action;

/** The policy the entry is about: its name after the change, or before (a deletion); '—' for an order change. */
export const getAuditPolicyName = (entry: AuditEntry): string => {
  for (const data of [entry.metadata?.newData, entry.metadata?.oldData]) {
    const snapshot = readAuditSnapshot(data);
    if (snapshot.kind === 'policy') return snapshot.policy.name;
    if (snapshot.kind === 'named') return snapshot.name;
  }
  if (entry.action === 'POLICY_ORDER_UPDATED') return 'All policies';
  const [, name] = entry.label.split(/:\s(.+)/);
  return name ?? '—';
};

/** Who did it: the person's name (`actor.performedByName`), or 'System'. */
export const getAuditActorName = (entry: AuditEntry): string =>
  entry.actor.performedByName?.trim() || entry.actor.name?.trim() || 'System';
