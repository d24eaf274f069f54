import { type CardFeeReason, formatMoney, PAYMENT_FORM_MESSAGES, toCents } from '@ferry/domain';
import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { type FeeQuoteInput, useFeeQuote, useNetworkVendors } from '../api/fee-quote';
import type { CardView } from '../api/schemas';
import { feeReasonText } from '../utils/card-format';
import { cardLabel } from './card-row';

export const FEE_ESTIMATE_TEXT = {
  title: 'Card fee estimate',
  intro: 'See what paying a vendor on Ferry by card would cost. The vendor’s card settings decide the fee.',
  noVendors:
    'None of your vendors is on the Ferry network yet. Card fee estimates are for vendors on Ferry, whose card settings decide the fee.',
  quoteFailed: 'The card fee could not be worked out, so it counts as $0.00.',
} as const;

type Result =
  | { kind: 'quote'; cardFeeCents: number; totalCents: number; reason: CardFeeReason; rateBps: number }
  | { kind: 'failed'; baseCents: number; message: string };

const amountError = (value: number | string): string | null => {
  if (value === '' || value === undefined) return PAYMENT_FORM_MESSAGES.amountRequired;
  let cents: number;
  try {
    cents = toCents(String(value));
  } catch {
    return PAYMENT_FORM_MESSAGES.amountInvalid;
  }
  return cents < 100 ? PAYMENT_FORM_MESSAGES.amountMin : null;
};

/**
 * 'Card fee estimate': a vendor on the network, an amount and one of the business's cards →
 * `POST .../card-payment/fee-quote` (never cached). A failed quote counts as a $0.00 fee (spec 002 §8).
 */
export const CardFeeEstimate = ({ businessId, cards }: { businessId: string; cards: CardView[] }) => {
  const vendors = useNetworkVendors(businessId, true);
  const quote = useFeeQuote(businessId);
  const [payeeId, setPayeeId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [amountTouched, setAmountTouched] = useState(false);
  const primary = cards.find((card) => card.isPrimaryCard) ?? cards[0];
  const [cardId, setCardId] = useState<string | null>(primary?.id ?? null);
  const [result, setResult] = useState<Result | null>(null);
  const titleId = useId();

  const selectedCardId = cardId && cards.some((card) => card.id === cardId) ? cardId : (primary?.id ?? null);
  const amountMessage = amountError(amount);
  const canQuote = payeeId !== null && selectedCardId !== null && amountMessage === null && !quote.isPending;

  const changed =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setResult(null);
    };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAmountTouched(true);
    if (!canQuote || payeeId === null || selectedCardId === null) return;
    const baseCents = toCents(String(amount));
    const input: FeeQuoteInput = { baseAmount: baseCents / 100, payeeId, cardId: selectedCardId };
    try {
      const answer = await quote.mutateAsync(input);
      setResult({
        kind: 'quote',
        cardFeeCents: answer.feeCents,
        totalCents: toCents(answer.totalAmount.toFixed(2)),
        reason: answer.reason,
        rateBps: answer.rateBps,
      });
    } catch (error) {
      if (isApiError(error) && error.statusCode === 401) return;
      setResult({ kind: 'failed', baseCents, message: getErrorMessage(error) });
    }
  };

  const vendorOptions = (vendors.data ?? []).map((vendor) => ({
    value: vendor.payeeId,
    label: vendor.name === vendor.payeeName ? vendor.name : `${vendor.name} (${vendor.payeeName})`,
  }));

  let content: React.ReactNode;
  if (vendors.isError) {
    content = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        Your vendors could not be loaded: {getErrorMessage(vendors.error)}
      </Alert>
    );
  } else if (vendors.isSuccess && vendorOptions.length === 0) {
    content = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {FEE_ESTIMATE_TEXT.noVendors}
      </Alert>
    );
  } else {
    content = (
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Vendor"
              placeholder={vendors.isPending ? 'Loading vendors…' : 'Choose a vendor'}
              data={vendorOptions}
              value={payeeId}
              onChange={changed(setPayeeId)}
              searchable
              allowDeselect={false}
              disabled={vendors.isPending}
              nothingFoundMessage="No vendor on Ferry by that name"
            />
            <NumberInput
              label="Amount"
              prefix="$"
              decimalScale={2}
              thousandSeparator=","
              min={0}
              allowNegative={false}
              value={amount}
              onChange={changed(setAmount)}
              onBlur={() => setAmountTouched(true)}
              error={amountTouched ? amountMessage : null}
            />
            <Select
              label="Card"
              data={cards.map((card) => ({ value: card.id, label: cardLabel(card) }))}
              value={selectedCardId}
              onChange={changed(setCardId)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" disabled={!canQuote} loading={quote.isPending}>
              Estimate card fee
            </Button>
          </Group>
          <div aria-live="polite">{result ? <QuoteResult result={result} /> : null}</div>
        </Stack>
      </form>
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Group gap="xs">
            <IconReceipt size={18} aria-hidden />
            <Title order={3} fz="md" id={titleId}>
              {FEE_ESTIMATE_TEXT.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {FEE_ESTIMATE_TEXT.intro}
          </Text>
        </Stack>
        {content}
      </Stack>
    </Paper>
  );
};

const QuoteResult = ({ result }: { result: Result }) => {
  const feeCents = result.kind === 'quote' ? result.cardFeeCents : 0;
  const totalCents = result.kind === 'quote' ? result.totalCents : result.baseCents;
  return (
    <Paper radius="md" p="md" bg="var(--mantine-color-gray-0)" data-testid="fee-quote-result">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Card fee: {formatMoney(feeCents)}
          </Text>
          <Text size="sm" fw={600}>
            Total: {formatMoney(totalCents)}
          </Text>
        </Group>
        <Divider />
        <Text size="sm" c="dimmed">
          {result.kind === 'quote'
            ? feeReasonText(result.reason, result.rateBps)
            : FEE_ESTIMATE_TEXT.quoteFailed}
        </Text>
      </Stack>
    </Paper>
  );
};
