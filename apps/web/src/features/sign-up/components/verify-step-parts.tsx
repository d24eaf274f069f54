import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { OneTimeCodeDialog, type OneTimeCodeDialogProps } from '@/components/one-time-code-dialog';
import { sendVerificationCode, type VerificationChannel, verifyCode } from '../api/verification';

/** Where a code goes (the email or the number), in bold within a step's dimmed explanation. */
export const CodeTarget = ({ children }: { children: ReactNode }) => (
  <Text span fw={600} c="var(--mantine-color-text)">
    {children}
  </Text>
);

export type StepAlternativeProps = { question: string; action: string; onClick: () => void };

/** Under a step's button: a question and the link that fixes it ('Mistyped your email? Change email'). */
export const StepAlternative = ({ question, action, onClick }: StepAlternativeProps) => (
  <Text size="sm" c="dimmed" ta="center">
    {question}{' '}
    <Anchor component="button" type="button" size="sm" fw={600} onClick={onClick}>
      {action}
    </Anchor>
  </Text>
);

export type VerificationCodeDialogProps = Pick<
  OneTimeCodeDialogProps,
  'opened' | 'onClose' | 'title' | 'description' | 'onChangePhone'
> & {
  channel: VerificationChannel;
  /** Shown once the code is accepted ('Email verified.'). */
  verifiedMessage: string;
  /** Called after the code was accepted (the page refetches the user). */
  refreshUser: () => Promise<void>;
  /** How the dialog gets its code; by default a new one is sent on `channel`. */
  sendCode?: OneTimeCodeDialogProps['sendCode'];
};

/** A verification step's code dialog: a right code closes it, says so and refreshes the user. */
export const VerificationCodeDialog = ({
  channel,
  verifiedMessage,
  refreshUser,
  sendCode,
  onClose,
  ...dialog
}: VerificationCodeDialogProps) => (
  <OneTimeCodeDialog
    {...dialog}
    onClose={onClose}
    sendCode={sendCode ?? (() => sendVerificationCode(channel))}
    verifyCode={async ({ requestId, otp }) => {
      await verifyCode(channel, { requestId, otp });
      onClose();
      notifications.show({ color: 'teal', message: verifiedMessage });
      await refreshUser();
    }}
  />
);
