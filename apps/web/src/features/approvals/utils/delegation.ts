import {
  type ApprovalDelegation,
  approvalDelegationRequestSchema,
  type BusinessUser,
  formatDate,
} from '@ferry/domain';

/** The texts of approval delegation ('Away from work?' on the Approvals tab). */
export const DELEGATION_TEXT = {
  title: 'Away from work?',
  explanation: 'Name someone to approve payments in your place while you are away.',
  onBehalf: 'Their decisions show in the approval log as on behalf of you.',
  name: 'Name a delegate',
  change: 'Change',
  end: 'End delegation',
  remove: 'Remove',
  changeTitle: 'Change your delegate',
  save: 'Save',
  cancel: 'Cancel',
  delegateLabel: 'Delegate',
  delegateDescription: 'Members who can approve bills.',
  fromLabel: 'From',
  untilLabel: 'Until',
  chooseDelegate: 'Choose a delegate.',
  noDelegates: 'No other member can approve bills. Give someone a role that can approve bills first.',
  /** The server's answers (the envelope's message; the client hands back only the data). */
  saved: 'Delegation saved.',
  ended: 'Delegation ended.',
  loading: 'Loading your delegation',
  loadingMembers: 'Loading members…',
} as const;

export type DelegationPhase = 'active' | 'scheduled' | 'ended';

/**
 * Active while today (New York, as the server counts) is within the range; scheduled before it; ended
 * after it (the server keeps a past delegation until it is replaced or removed).
 */
export const delegationPhaseOf = (delegation: ApprovalDelegation, today: string): DelegationPhase =>
  delegation.isActive ? 'active' : delegation.endsOn < today ? 'ended' : 'scheduled';

export const DELEGATION_BADGES: Record<DelegationPhase, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  ended: { label: 'Ended', color: 'gray' },
};

/** 'Maya Okafor approves for you from Nov 30, 2026 to Dec 4, 2026' ('approved' once it has ended). */
export const describeDelegation = (delegation: ApprovalDelegation, phase: DelegationPhase): string =>
  `${delegation.delegate.name} ${phase === 'ended' ? 'approved' : 'approves'} for you from ${formatDate(
    delegation.startsOn,
  )} to ${formatDate(delegation.endsOn)}`;

/** 'Maya Okafor', or the email when the account carries no name. */
export const memberNameOf = (member: Pick<BusinessUser, 'user'>): string =>
  [member.user.firstName, member.user.lastName].filter(Boolean).join(' ').trim() || member.user.email;

export type DelegationFormValues = { delegateUserId: string; startsOn: string; endsOn: string };

export const DELEGATION_FIELDS = ['delegateUserId', 'startsOn', 'endsOn'] as const;
export type DelegationField = (typeof DELEGATION_FIELDS)[number];

const isDelegationField = (field: unknown): field is DelegationField =>
  DELEGATION_FIELDS.some((known) => known === field);

/**
 * The shared request schema's messages per field (the first of each), so the dialog says what the server
 * would; an empty delegate reads 'Choose a delegate.' rather than the id check's message.
 */
export const validateDelegationForm = (
  values: DelegationFormValues,
): Partial<Record<DelegationField, string>> => {
  const errors: Partial<Record<DelegationField, string>> = {};
  const parsed = approvalDelegationRequestSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isDelegationField(field)) errors[field] ??= issue.message;
    }
  }
  if (values.delegateUserId === '') errors.delegateUserId = DELEGATION_TEXT.chooseDelegate;
  return errors;
};
