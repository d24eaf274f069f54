import { CARD_MESSAGES } from '@ferry/domain';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { QueryStateBlock } from '@/components/query-state-block';
import { isApiError } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { getCardAccess } from '../api/business-access';
import {
  useCards,
  useCreditCardAccounts,
  useLinkCardAccount,
  useMakeCardPrimary,
  useRemoveCard,
  useUnlinkCardAccount,
} from '../api/cards';
import type { CardView } from '../api/schemas';
import { AddCardDialog } from './add-card-dialog';
import { CardFeeEstimate } from './card-fee-estimate';
import { CardRow, cardLabel } from './card-row';
import { RemoveCardDialog } from './remove-card-dialog';

export const CARDS_SECTION_TEXT = {
  empty: 'No cards added yet.',
  emptyHint: 'Add a credit or debit card to pay your vendors by card.',
  noAccess: 'You do not have access to payment methods. Ask an admin of this business for access.',
  viewOnly: 'You have only view access',
  primaryFailed: 'Failed to update primary card',
  removeFailed: 'Failed to remove card',
  linkFailed: 'Failed to link card',
  unlinkFailed: 'Failed to unlink card',
} as const;

/** The server's message of a refusal (4xx), else the fallback. */
const failureMessage = (error: unknown, fallback: string) =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 408
    ? error.message
    : fallback;

const toastFailure = (title: string, error: unknown, fallback: string) => {
  if (isApiError(error) && error.statusCode === 401) return;
  notifications.show({ color: 'red', title, message: failureMessage(error, fallback) });
};

/**
 * Cards for paying (spec 002 §2, §3, §7): the business's saved cards with primary, chart-account link
 * and remove, 'Add a card', and a card-fee estimate for a vendor on the network. Composed into the
 * bank-account settings page.
 */
export const CardsSection = ({ businessId }: { businessId: string }) => {
  const business = useBusinessAccess(businessId);
  const access = business.data ? getCardAccess(business.data) : null;
  const canManage = access?.canManage ?? false;
  const cards = useCards(businessId, access?.canRead ?? false);
  const accounts = useCreditCardAccounts(businessId, canManage && (cards.data?.length ?? 0) > 0);
  const makePrimary = useMakeCardPrimary(businessId);
  const link = useLinkCardAccount(businessId);
  const unlink = useUnlinkCardAccount(businessId);
  const remove = useRemoveCard(businessId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CardView | null>(null);
  const titleId = useId();
  const busy = makePrimary.isPending || link.isPending || unlink.isPending || remove.isPending;

  const handleMakePrimary = async (card: CardView) => {
    try {
      await makePrimary.mutateAsync(card.id);
      notifications.show({ color: 'teal', title: 'Primary card', message: CARD_MESSAGES.primaryUpdated });
    } catch (error) {
      toastFailure('Primary card', error, CARDS_SECTION_TEXT.primaryFailed);
    }
  };

  const handleLink = async (card: CardView, accountId: string) => {
    try {
      await link.mutateAsync({ cardId: card.id, businessAccountId: accountId });
      notifications.show({ color: 'teal', title: 'Chart account', message: CARD_MESSAGES.cardLinked });
    } catch (error) {
      toastFailure('Chart account', error, CARDS_SECTION_TEXT.linkFailed);
    }
  };

  const handleUnlink = async (card: CardView) => {
    try {
      await unlink.mutateAsync(card.id);
      notifications.show({ color: 'teal', title: 'Chart account', message: CARD_MESSAGES.cardUnlinked });
    } catch (error) {
      toastFailure('Chart account', error, CARDS_SECTION_TEXT.unlinkFailed);
    }
  };

  const handleRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notifications.show({ color: 'teal', title: 'Card removed', message: CARD_MESSAGES.cardRemoved });
      setRemoving(null);
    } catch (error) {
      toastFailure('Card not removed', error, CARDS_SECTION_TEXT.removeFailed);
    }
  };

  const list = cards.data ?? [];
  let body = (
    <QueryStateBlock
      query={business.isSuccess ? cards : business}
      loadingLabel="Loading cards"
      isEmpty={list.length === 0}
      empty={
        <Stack align="center" gap={6} py="lg">
          <ThemeIcon variant="light" color="gray" radius="xl" size={44} aria-hidden>
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            {CARDS_SECTION_TEXT.empty}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {CARDS_SECTION_TEXT.emptyHint}
          </Text>
        </Stack>
      }
    >
      <Stack gap="sm" role="list" aria-label="Cards">
        {list.map((card) => (
          <CardRow
            key={card.id}
            card={card}
            canManage={canManage}
            busy={busy}
            accounts={accounts.data}
            accountsLoading={accounts.isPending && accounts.fetchStatus !== 'idle'}
            onMakePrimary={() => void handleMakePrimary(card)}
            onLink={(accountId) => void handleLink(card, accountId)}
            onUnlink={() => void handleUnlink(card)}
            onRemove={() => setRemoving(card)}
          />
        ))}
      </Stack>
    </QueryStateBlock>
  );
  if (access && !access.canRead) {
    body = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {CARDS_SECTION_TEXT.noAccess}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Stack gap={2}>
              <Title order={2} fz="lg" id={titleId}>
                Cards
              </Title>
              <Text size="sm" c="dimmed">
                Cards you can pay vendors with. Card numbers are never stored; only the last 4 digits are
                shown.
              </Text>
            </Stack>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={!canManage}
              title={access && !canManage ? CARDS_SECTION_TEXT.viewOnly : undefined}
            >
              Add a card
            </Button>
          </Group>
          {body}
        </Stack>
      </Paper>
      {access?.canRead && list.length > 0 ? <CardFeeEstimate businessId={businessId} cards={list} /> : null}
      <AddCardDialog businessId={businessId} opened={adding} onClose={() => setAdding(false)} />
      <RemoveCardDialog
        cardLabel={removing ? cardLabel(removing) : null}
        removing={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void handleRemove()}
      />
    </Stack>
  );
};
