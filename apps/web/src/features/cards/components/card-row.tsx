import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconLink, IconLinkOff, IconTrash } from '@tabler/icons-react';
import type { CardView, ChartAccount } from '../api/schemas';
import { CARD_BRAND_LABELS, cardMaskText, FUNDING_LABELS, formatCardExpiry } from '../utils/card-format';
import { CardBrandIcon } from './card-brand-icon';

/** 'Visa •••• 4242' */
export const cardLabel = (card: CardView): string =>
  `${CARD_BRAND_LABELS[card.brand]} ${cardMaskText(card.cardMask)}`;

export type CardRowProps = {
  card: CardView;
  canManage: boolean;
  busy: boolean;
  accounts: ChartAccount[] | undefined;
  accountsLoading: boolean;
  onMakePrimary: () => void;
  onLink: (accountId: string) => void;
  onUnlink: () => void;
  onRemove: () => void;
};

/** One saved card: brand, last 4, expiry, name, funding, primary marker, chart account and actions. */
export const CardRow = ({
  card,
  canManage,
  busy,
  accounts,
  accountsLoading,
  onMakePrimary,
  onLink,
  onUnlink,
  onRemove,
}: CardRowProps) => {
  const label = cardLabel(card);
  const linkedId = card.platformChartOfAccountId;
  const options = (accounts ?? []).map((account) => ({
    value: account.id,
    label: account.number ? `${account.number} · ${account.name}` : account.name,
  }));
  if (linkedId && !options.some((option) => option.value === linkedId)) {
    options.unshift({ value: linkedId, label: card.chartAccountName ?? 'Linked account' });
  }
  return (
    <Paper withBorder radius="md" p="md" role="listitem" aria-label={label}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <CardBrandIcon brand={card.brand} size={44} decorative />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {CARD_BRAND_LABELS[card.brand]}{' '}
                <Text span inherit ff="monospace" aria-label={`ending in ${card.cardMask.slice(-4)}`}>
                  {cardMaskText(card.cardMask)}
                </Text>
              </Text>
              {card.funding === 'unknown' ? null : (
                <Badge variant="light" color="gray" radius="sm" tt="none" size="sm">
                  {FUNDING_LABELS[card.funding]}
                </Badge>
              )}
              {card.isPrimaryCard ? (
                <Badge variant="filled" color="blue" radius="sm" tt="none" size="sm">
                  Primary
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              Expires {formatCardExpiry(card.expirationMonth, card.expirationYear)}
              {card.nameOnCard ? ` · ${card.nameOnCard}` : ''}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {card.isPrimaryCard ? null : (
            <Button
              variant="subtle"
              size="xs"
              onClick={onMakePrimary}
              disabled={!canManage || busy}
              aria-label={`Make ${label} primary`}
            >
              Make primary
            </Button>
          )}
          <Tooltip label="Remove card" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              disabled={!canManage || busy}
              aria-label={`Remove ${label}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group mt="sm" gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          w={280}
          label="Chart account"
          placeholder={accountsLoading ? 'Loading accounts…' : 'Link a credit card account'}
          aria-label={`Chart account for ${label}`}
          data={options}
          value={linkedId}
          onChange={(value) => {
            if (value && value !== linkedId) onLink(value);
          }}
          disabled={!canManage || busy || accountsLoading}
          leftSection={<IconLink size={14} aria-hidden />}
          nothingFoundMessage="No credit card accounts in your books"
          allowDeselect={false}
        />
        {linkedId ? (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconLinkOff size={14} aria-hidden />}
            onClick={onUnlink}
            disabled={!canManage || busy}
            aria-label={`Unlink ${label} from ${card.chartAccountName ?? 'its chart account'}`}
          >
            Unlink
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
};
