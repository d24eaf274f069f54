import { ACCOUNTING_PROVIDERS } from '@ferry/domain';
import {
  IconActivity,
  IconBuildingBank,
  IconCash,
  IconCircleCheck,
  IconCircleX,
  IconFileText,
  IconMail,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconStar,
  IconTrash,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ActivityLogEntry } from './get-activity-logs';

export type ActivityIcon = { icon: TablerIcon; color: string };

/** Icons of the contacts area's actions (`CONTACT_ACTIVITY_ACTIONS`). */
const ACTION_ICONS: Record<string, ActivityIcon> = {
  CONTACT_CREATED: { icon: IconPlus, color: 'blue' },
  CONTACT_UPDATED: { icon: IconPencil, color: 'yellow' },
  TAX_ID_UPDATED: { icon: IconPencil, color: 'yellow' },
  DOCUMENT_UPLOADED: { icon: IconFileText, color: 'grape' },
  DOCUMENT_DELETED: { icon: IconTrash, color: 'red' },
  BANK_ACCOUNT_ADDED: { icon: IconBuildingBank, color: 'teal' },
  BANK_ACCOUNT_MARKED_PRIMARY: { icon: IconStar, color: 'teal' },
  NETWORK_LINKED: { icon: IconWorld, color: 'indigo' },
  NETWORK_INVITATION_SENT: { icon: IconMail, color: 'blue' },
};

/** Other areas' actions (later issues reuse the panel): by what the action name says, first match wins. */
const ICON_RULES: { pattern: RegExp; icon: TablerIcon; color: string }[] = [
  { pattern: /DELETE|REMOVE/, icon: IconTrash, color: 'red' },
  { pattern: /REJECT|DECLINE|CANCEL|REVOKE|BLOCK|DISABLE|FAIL/, icon: IconCircleX, color: 'red' },
  { pattern: /DOCUMENT|ATTACHMENT/, icon: IconFileText, color: 'grape' },
  { pattern: /BANK/, icon: IconBuildingBank, color: 'teal' },
  { pattern: /INVIT|REMINDER|EMAIL/, icon: IconMail, color: 'blue' },
  { pattern: /PAYMENT|PAID|REQUEST/, icon: IconCash, color: 'teal' },
  { pattern: /APPROV|AUTHORI[SZ]ED|ENABLE|VERIF/, icon: IconCircleCheck, color: 'teal' },
  { pattern: /SYNC|REACTIVAT|RESCHEDUL|RETR/, icon: IconRefresh, color: 'cyan' },
  { pattern: /CREATE|ADD/, icon: IconPlus, color: 'blue' },
  { pattern: /UPDATE|EDIT|CHANGE|MODIF/, icon: IconPencil, color: 'yellow' },
];

export const getActivityIcon = (action: string): ActivityIcon => {
  const upper = action.toUpperCase();
  return (
    ACTION_ICONS[upper] ??
    ICON_RULES.find((rule) => rule.pattern.test(upper)) ?? { icon: IconActivity, color: 'gray' }
  );
};

export type ActivityActor = { kind: 'system'; label: string } | { kind: 'person'; name: string };

const PROVIDER_LABELS: Record<string, string> = Object.fromEntries(
  ACCOUNTING_PROVIDERS.map((p) => [p.value, p.label]),
);

/**
 * The actor badge: a person shows their name; the system or a provider (an accounting software sync)
 * shows a system badge with the provider's name when known.
 */
export const getActivityActor = ({ actor }: ActivityLogEntry): ActivityActor => {
  const name = actor.name?.trim() ?? '';
  if (actor.type === 'USER' && name) return { kind: 'person', name };
  if (actor.type === 'PROVIDER')
    return { kind: 'system', label: PROVIDER_LABELS[name] ?? (name || 'Provider') };
  return { kind: 'system', label: name || 'System' };
};
