import { MONEY_MESSAGES } from '@ferry/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useMantineTheme,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
// The 'pure' entry adds Stripe's script only when loadStripe is called (the main entry adds it on import).
import type { Stripe, StripeElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { CardVaultError } from '../api/card-vault';
import { type CardToken, useSaveTokenisedCard } from '../hooks/use-save-card';
import {
  type CardHolderValues,
  cleanBilling,
  EMPTY_HOLDER_VALUES,
  validateCardHolder,
} from '../utils/card-form';
import { CardBillingFields } from './card-billing-fields';
import type { CardFormProps } from './sandbox-card-form';

/** Spec 002 §8: the card script failing to load on a live environment. */
export const STRIPE_LOAD_FAILED = 'Something Went Wrong!';

const stripePromises = new Map<string, Promise<Stripe | null>>();
/** Stripe.js, loaded once per publishable key. */
const getStripe = (publishableKey: string) => {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => {
      stripePromises.delete(publishableKey);
      return null;
    });
    stripePromises.set(publishableKey, promise);
  }
  return promise;
};

type FieldName = 'cardNumber' | 'cardExpiry' | 'cardCvc';
type FieldState = { complete: boolean; error: string | null };
const EMPTY_FIELDS: Record<FieldName, FieldState> = {
  cardNumber: { complete: false, error: null },
  cardExpiry: { complete: false, error: null },
  cardCvc: { complete: false, error: null },
};

/** A Stripe Element in a Mantine field frame, labelled and with its error. */
const ElementField = ({
  label,
  error,
  description,
  children,
}: {
  label: string;
  error: string | null;
  description?: string;
  children: ReactNode;
}) => (
  <Input.Wrapper label={label} withAsterisk error={error} description={description} labelElement="div">
    <Box
      mt={4}
      px="sm"
      py={9}
      style={{
        border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-default)',
        background: 'var(--mantine-color-body)',
      }}
    >
      {children}
    </Box>
  </Input.Wrapper>
);

const StripeFields = ({ businessId, onCancel, onSaved }: CardFormProps) => {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useMantineTheme();
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const { save, error, isPending } = useSaveTokenisedCard(businessId, onSaved);
  const form = useForm<CardHolderValues>({
    initialValues: EMPTY_HOLDER_VALUES,
    validateInputOnBlur: true,
    validate: validateCardHolder,
  });
  const values = form.getValues();
  const cardComplete = Object.values(fields).every((field) => field.complete && !field.error);
  const isValid = cardComplete && Object.keys(validateCardHolder(values)).length === 0;

  const onFieldChange = (name: FieldName) => (event: StripeElementChangeEvent) =>
    setFields((current) => ({
      ...current,
      [name]: { complete: event.complete, error: event.error?.message ?? null },
    }));

  const options = {
    disabled: isPending,
    style: {
      base: {
        fontSize: '14px',
        color: theme.black,
        fontFamily: theme.fontFamily,
        '::placeholder': { color: '#868e96' },
      },
      invalid: { color: theme.colors.red[7] },
    },
  };

  const tokenise = async (submitted: CardHolderValues): Promise<CardToken> => {
    const card = elements?.getElement(CardNumberElement);
    if (!stripe || !card) throw new CardVaultError(STRIPE_LOAD_FAILED);
    const billing = cleanBilling(submitted.billingAddress);
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: {
        name: submitted.nameOnCard.trim(),
        address: {
          line1: billing.addressLine1,
          line2: billing.addressLine2 ?? '',
          city: billing.city,
          state: billing.state,
          postal_code: billing.zipCode,
          // Stripe takes the 2-letter country code.
          country: billing.country,
        },
      },
    });
    if (result.error)
      throw new CardVaultError(
        result.error.message ?? MONEY_MESSAGES.saveCardFailed,
        result.error.code ?? null,
      );
    const { paymentMethod } = result;
    // Stripe does not give the browser the card's fingerprint: the PaymentMethod id goes in its place and
    // the server reads the real fingerprint from Stripe.
    return { tokenId: paymentMethod.id, fingerprint: paymentMethod.card?.fingerprint ?? paymentMethod.id };
  };

  const submit = form.onSubmit((submitted) => {
    // Each Stripe attempt makes a new PaymentMethod, so the signature is unique per attempt.
    void save(`${Date.now()}`, () => tokenise(submitted));
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isPending}>
      <Stack gap="md">
        <ElementField label="Card number" error={fields.cardNumber.error}>
          <CardNumberElement
            options={{ ...options, showIcon: true }}
            onChange={onFieldChange('cardNumber')}
          />
        </ElementField>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ElementField label="Expiry date" error={fields.cardExpiry.error}>
            <CardExpiryElement options={options} onChange={onFieldChange('cardExpiry')} />
          </ElementField>
          <ElementField
            label="CVV"
            error={fields.cardCvc.error}
            description={MONEY_MESSAGES.cardSecurityCodeHint}
          >
            <CardCvcElement options={options} onChange={onFieldChange('cardCvc')} />
          </ElementField>
        </SimpleGrid>
        <TextInput
          label="Name on card"
          withAsterisk
          autoComplete="cc-name"
          maxLength={50}
          disabled={isPending}
          {...form.getInputProps('nameOnCard')}
        />
        <CardBillingFields form={form} disabled={isPending} />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap={6} c="dimmed">
          <IconLock size={14} aria-hidden />
          <Text size="xs">Card details are handled by Stripe; Ferry never sees the card number.</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid || isPending || !stripe}>
            {isPending ? 'Saving...' : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** The card form on Stripe Elements: Stripe tokenises the card into a PaymentMethod. */
export const StripeCardForm = ({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string | null }) => {
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    void getStripe(publishableKey).then((stripe) => {
      if (live) setLoadFailed(stripe === null);
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (!publishableKey || loadFailed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        {STRIPE_LOAD_FAILED}
      </Alert>
    );
  }
  return (
    <Elements stripe={getStripe(publishableKey)}>
      <StripeFields {...props} />
    </Elements>
  );
};
