import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BankAccountsSection } from '@/features/banking';
import { CardsSection } from '@/features/cards';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/bank-account`, bank accounts and cards. */
export function Component() {
  const { businessId = '' } = useParams();
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={30} lts="-0.02em">
          Bank accounts &amp; cards
        </Title>
        <Text size="sm" c="dimmed">
          How this business pays and gets paid: its bank accounts and its cards.
        </Text>
      </Stack>
      <BankAccountsSection businessId={businessId} />
      <CardsSection businessId={businessId} />
    </Stack>
  );
}
