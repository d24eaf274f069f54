import { detectCardBrand as detectBrand, MONEY_MESSAGES } from '@ferry/domain';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { tokeniseWithSandboxVault } from '../api/card-vault';
import type { CardView } from '../api/schemas';
import { useSaveTokenisedCard } from '../hooks/use-save-card';
import {
  type AddCardValues,
  EMPTY_CARD_VALUES,
  normaliseExpiry,
  toVaultInput,
  validateAddCard,
} from '../utils/card-form';
import { CARD_BRAND_LABELS, digitsOf, formatCardNumber, formatExpiry } from '../utils/card-format';
import { CardBillingFields } from './card-billing-fields';
import { CardBrandIcon } from './card-brand-icon';

export type CardFormProps = {
  businessId: string;
  onCancel: () => void;
  onSaved: (card: CardView) => void;
};

/**
 * The card form of the sandbox vault: the card is typed here and sent only to the vault, which answers a
 * token; Ferry receives the token (spec 002 §3 card token payload).
 */
export const SandboxCardForm = ({ businessId, onCancel, onSaved }: CardFormProps) => {
  const { save, error, isPending } = useSaveTokenisedCard(businessId, onSaved);
  const now = useMemo(() => new Date(), []);
  const form = useForm<AddCardValues>({
    initialValues: EMPTY_CARD_VALUES,
    validateInputOnBlur: true,
    validate: (values) => validateAddCard(values, now),
  });
  const values = form.getValues();
  const brand = detectBrand(values.cardNumber);
  const isValid = Object.keys(validateAddCard(values, now)).length === 0;

  // A field with an error is re-checked as it is corrected.
  const revalidateIfShown = (path: string) => {
    if (form.errors[path]) form.validateField(path);
  };

  const submit = form.onSubmit((submitted) => {
    const input = toVaultInput(submitted);
    void save(JSON.stringify(input), () => tokeniseWithSandboxVault(input));
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isPending}>
      <Stack gap="md">
        <TextInput
          label="Card number"
          withAsterisk
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          disabled={isPending}
          {...form.getInputProps('cardNumber')}
          onChange={(event) => {
            const next = event.currentTarget.value;
            form.setFieldValue('cardNumber', formatCardNumber(next, detectBrand(next)));
            revalidateIfShown('cardNumber');
          }}
          rightSection={<CardBrandIcon brand={brand} size={30} />}
          rightSectionWidth={44}
        />
        <Text size="xs" c="dimmed" aria-live="polite" mt={-8}>
          {brand === 'GENERIC'
            ? 'Visa, Mastercard, American Express, Discover, Diners Club and JCB are accepted.'
            : `${CARD_BRAND_LABELS[brand]} card`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Expiry date"
            withAsterisk
            placeholder="MM/YYYY"
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={7}
            disabled={isPending}
            {...form.getInputProps('expiry')}
            onChange={(event) => {
              form.setFieldValue('expiry', formatExpiry(event.currentTarget.value, values.expiry));
              revalidateIfShown('expiry');
            }}
            onBlur={() => {
              // 'MM/YY' is shown as 'MM/YYYY' once the field is left.
              form.setFieldValue('expiry', normaliseExpiry(form.getValues().expiry));
              form.validateField('expiry');
            }}
          />
          <TextInput
            label="CVV"
            withAsterisk
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            disabled={isPending}
            description={MONEY_MESSAGES.cardSecurityCodeHint}
            {...form.getInputProps('cvv')}
            onChange={(event) => {
              form.setFieldValue('cvv', digitsOf(event.currentTarget.value).slice(0, 4));
              revalidateIfShown('cvv');
            }}
          />
        </SimpleGrid>
        <TextInput
          label="Name on card"
          withAsterisk
          autoComplete="cc-name"
          maxLength={50}
          disabled={isPending}
          {...form.getInputProps('nameOnCard')}
          onBlur={() => {
            form.setFieldValue('nameOnCard', form.getValues().nameOnCard.trim());
            form.validateField('nameOnCard');
          }}
        />
        <CardBillingFields form={form} disabled={isPending} />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap={6} c="dimmed">
          <IconLock size={14} aria-hidden />
          <Text size="xs">Your card details go straight to the card vault; Ferry keeps only a token.</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid || isPending}>
            {isPending ? 'Saving...' : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
