import { type InvitationType, prettifyStatus } from '@ferry/domain';

type InvitationTypeText = { label: string; description: string };

/** Each invitation type of spec 000 §3 in words, for the accept screen. */
const INVITATION_TYPE_TEXT: Record<InvitationType, InvitationTypeText> = {
  PRACTICE: {
    label: 'Practice team member',
    description: "You'll join the practice's team and work on the businesses it manages.",
  },
  BUSINESS_BENEFICIAL_OWNER: {
    label: 'Beneficial owner',
    description: "You'll confirm your details as a beneficial owner so the business can be verified.",
  },
  CONTROL_PERSON: {
    label: 'Control person',
    description: "You'll confirm your identity as the business's control person so it can be verified.",
  },
  OTHER_USER: {
    label: 'Business user',
    description: "You'll get access to the business with the role you were given.",
  },
  BUSINESS_PAYMENT: {
    label: 'Business payment',
    description: 'A business sent you a payment or a payment request.',
  },
  BILL_PAYMENT: {
    label: 'Bill payment',
    description: 'A business asked you to pay a bill.',
  },
  AUTO_PAYMENT: {
    label: 'Automatic payments',
    description: 'A business asked you to authorize automatic payments.',
  },
  MANUAL_BANK_VERIFICATION: {
    label: 'Bank account verification',
    description: 'Confirm the small deposits to finish verifying your bank account.',
  },
  FORGOT_PASSWORD: {
    label: 'Password reset',
    description: 'Choose a new password for your account.',
  },
  REDIRECT: {
    label: 'Shared link',
    description: 'A business shared a page with you.',
  },
  SIGNUP: {
    label: 'Account invitation',
    description: "You've been invited to create your Ferry account.",
  },
};

const isKnownType = (type: string): type is InvitationType => Object.hasOwn(INVITATION_TYPE_TEXT, type);

export const describeInvitationType = (type: string): InvitationTypeText =>
  isKnownType(type)
    ? INVITATION_TYPE_TEXT[type]
    : { label: prettifyStatus(type), description: 'Accept to continue with this invitation.' };
