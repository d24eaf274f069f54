import { Button, List, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconExternalLink, IconId, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { useBeginVerification } from '../hooks/use-begin-verification';

const bullet = (icon: ReactNode) => (
  <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
    {icon}
  </ThemeIcon>
);

/**
 * `/verify/identity` before the check: why it is needed and what to have ready, then 'Start verification'
 * (the business flow when `businessId` is given, else the user's own verification).
 */
export const VerificationIntro = ({ businessId }: { businessId: string | null }) => {
  const { begin, isPending, error } = useBeginVerification(businessId);

  return (
    <AuthLayout
      icon={<IconShieldCheck size={28} stroke={1.6} />}
      title="Verify your identity"
      description={
        businessId
          ? 'Payments regulations require us to confirm who controls a business before it can send or receive money. Verify yourself as your business’s control person.'
          : 'Payments regulations require us to confirm the identity of everyone who sends or receives money with Ferry.'
      }
    >
      <List spacing="sm" size="sm" center aria-label="Before you start">
        <List.Item icon={bullet(<IconClock size={14} />)}>It only takes a few minutes.</List.Item>
        <List.Item icon={bullet(<IconId size={14} />)}>
          Have an ID document ready: a passport, driver’s license or national ID card.
        </List.Item>
        <List.Item icon={bullet(<IconExternalLink size={14} />)}>
          You’ll continue on our identity partner’s secure page, then come back here.
        </List.Item>
      </List>
      <ErrorAlert>{error}</ErrorAlert>
      <Button size="md" fullWidth loading={isPending} onClick={() => void begin()}>
        Start verification
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        Your details are used only to verify your identity.
      </Text>
    </AuthLayout>
  );
};
