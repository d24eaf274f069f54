import { GUEST_MESSAGES, paths } from '@ferry/domain';

/** Why the guest landed on /process/payment/unauthorized (`?reason=`). */
export const GUEST_DENIED_REASONS = ['link', 'email', 'account'] as const;
export type GuestDeniedReason = (typeof GUEST_DENIED_REASONS)[number];

export const GUEST_DENIED_TEXT: Record<GuestDeniedReason, string> = {
  link: GUEST_MESSAGES.invalidLink,
  email: GUEST_MESSAGES.wrongEmail,
  account: 'This account cannot use this payment link.',
};

export const guestUnauthorizedHref = (reason: GuestDeniedReason): string =>
  `${paths.guestPaymentUnauthorized()}?reason=${reason}`;

export const toDeniedReason = (value: string | null): GuestDeniedReason =>
  GUEST_DENIED_REASONS.find((reason) => reason === value) ?? 'account';
