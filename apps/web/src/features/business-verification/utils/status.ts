import type { StatusColour } from '@ferry/domain';

type StatusView = { label: string; colour: StatusColour };

const PERSON_STATUSES: Record<string, StatusView> = {
  INVITED: { label: 'Invited', colour: 'grey' },
  PENDING: { label: 'Pending', colour: 'amber' },
  IN_REVIEW: { label: 'In review', colour: 'amber' },
  VERIFIED: { label: 'Verified', colour: 'green' },
  DECLINED: { label: 'Declined', colour: 'red' },
};

/** A person's identity status (INVITED, PENDING, IN_REVIEW, VERIFIED, DECLINED) as a badge. */
export const getPersonStatusView = (status: string | null | undefined): StatusView =>
  PERSON_STATUSES[status ?? ''] ?? { label: 'Not started', colour: 'grey' };

/** The business verification status (null until submitted) as a badge. */
export const getVerificationStatusView = (status: string | null | undefined): StatusView => {
  switch (status) {
    case 'FULL_VERIFIED':
      return { label: 'Verified', colour: 'green' };
    case 'SUBMITTED':
      return { label: 'In review', colour: 'amber' };
    case 'REJECTED':
      return { label: 'Action required', colour: 'red' };
    default:
      return { label: 'Not submitted', colour: 'grey' };
  }
};

export const isVerified = (status: string | null | undefined): boolean => status === 'VERIFIED';
export const isUserVerificationDone = (step: string | null | undefined): boolean => step === 'COMPLETED';

export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();
