import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/dialog';
import type { BankAccountView } from '../api/schemas';
import {
  ADD_BANK_TITLE,
  BankFormStep,
  PendingVerification,
  VERIFICATION_INITIATED_TITLE,
} from './add-bank-account-dialog';
import { BankLinkChooser } from './bank-link-chooser';
import { useInstantBankLink } from './use-instant-bank-link';

type Step = 'choose' | 'manual' | 'pending';

const TITLES: Record<Step, string> = {
  choose: 'Add a bank account',
  manual: ADD_BANK_TITLE,
  pending: VERIFICATION_INITIATED_TITLE,
};

export type GuestBankDialogProps = {
  businessId: string;
  opened: boolean;
  onClose: () => void;
  /** The banks just stored (instant: every linked account; manual: the one added, pending verification). */
  onAdded: (banks: BankAccountView[]) => void;
  /** 'auto-pay': the chooser's auto-payment heading (the guest auto-payment method screen). */
  variant?: 'auto-pay';
};

/**
 * Adding a bank on the guest payment screen (spec 002 §4 'Add bank flow': "Guest payment: the bank is
 * saved and the caller is notified"): the chooser (instant or manual), then either the provider's link or
 * the bank form; no chart-account step (a guest business keeps no books). A manual bank ends on its
 * pending verification (micro-deposits).
 */
export const GuestBankDialog = ({ businessId, opened, onClose, onAdded, variant }: GuestBankDialogProps) => {
  const [step, setStep] = useState<Step>('choose');
  const [pending, setPending] = useState<BankAccountView | null>(null);
  const instant = useInstantBankLink({
    businessId,
    progress: 'dialog',
    onLinked: (accounts) => {
      if (accounts.length > 0) onAdded(accounts);
    },
  });

  useEffect(() => {
    if (opened) {
      setStep('choose');
      setPending(null);
    }
  }, [opened]);

  return (
    <>
      <Dialog opened={opened} onClose={onClose} closeOnClickOutside={false} title={TITLES[step]} size="lg">
        {step === 'choose' ? (
          <BankLinkChooser
            onInstant={() => {
              onClose();
              instant.start();
            }}
            onManual={() => setStep('manual')}
            isInstantLoading={instant.isStarting}
            withTerms
            headingOrder={3}
            {...(variant ? { variant } : {})}
          />
        ) : null}
        {step === 'manual' ? (
          <BankFormStep
            businessId={businessId}
            onCancel={onClose}
            onAdded={(bank) => {
              setPending(bank);
              setStep('pending');
              onAdded([bank]);
            }}
          />
        ) : null}
        {step === 'pending' && pending ? (
          <Stack gap="lg">
            <PendingVerification bank={pending} />
            <Group justify="flex-end">
              <Button onClick={onClose}>Got it</Button>
            </Group>
          </Stack>
        ) : null}
      </Dialog>
      {instant.dialogs}
    </>
  );
};
