import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { useCardVaultConfig } from '../api/card-vault';
import type { CardView } from '../api/schemas';
import { type CardFormProps, SandboxCardForm } from './sandbox-card-form';

/** Stripe's form (and Stripe.js) load only on a deployment whose card vault is Stripe. */
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

export const ADD_CARD_TITLE = 'Add a New Card';

/** The form of the deployment's card vault (client config `cardVault.provider`). */
const CardVaultForm = (props: CardFormProps) => {
  const config = useCardVaultConfig();
  const loading = (
    <Center py="xl" role="status" aria-label="Loading the card form">
      <Loader size="sm" type="dots" aria-hidden />
    </Center>
  );
  if (config.isPending) return loading;
  if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  if (config.data.provider === 'stripe')
    return (
      <Suspense fallback={loading}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...props} />
      </Suspense>
    );
  return <SandboxCardForm {...props} />;
};

export type AddCardDialogProps = {
  businessId: string;
  opened: boolean;
  onClose: () => void;
  onAdded?: (card: CardView) => void;
};

/** 'Add a New Card' (spec 002 §2): the card goes to the vault, the token to Ferry. A fresh form each opening. */
export const AddCardDialog = ({ businessId, opened, onClose, onAdded }: AddCardDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={ADD_CARD_TITLE} closeOnClickOutside={false} size="lg">
    <CardVaultForm
      businessId={businessId}
      onCancel={onClose}
      onSaved={(card) => {
        onAdded?.(card);
        onClose();
      }}
    />
  </Dialog>
);
