import { formatDate, MERCHANT_API_MESSAGES, paths } from '@ferry/domain';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconInfoCircle, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useBusinessAccess } from '@/lib/business-access';
import { getCardAccess } from '../api/business-access';
import { useMerchantStatus } from '../api/merchant';
import type { MerchantStatus } from '../api/schemas';
import { MerchantActive } from './merchant-active';
import { MerchantApplicationForm } from './merchant-application-form';
import { SaqForm } from './saq-form';

export const ACCEPT_CARDS_TEXT = {
  title: 'Accept card payments',
  intro: 'Let your customers pay your invoices by credit or debit card, paid out to your bank account.',
  underReviewTitle: 'Your application is under review',
  underReviewBody:
    'The card processor is reviewing your application. This page updates on its own as soon as there is a decision.',
  rejectedTitle: 'Your application was not approved',
  rejectedHint: 'Check the details below, correct what is needed and apply again.',
  saqTitle: 'Complete your PCI Self-Assessment Questionnaire',
  saqIntro:
    'Your application is approved. Card networks require a yearly PCI DSS self-assessment before you can accept cards.',
  saqExpired: (date: string) =>
    `Your PCI Self-Assessment Questionnaire expired on ${date}. Complete it again to keep accepting card payments.`,
  applyTitle: 'Apply to accept card payments',
  viewOnly: 'You have only view access',
  noAccess: 'You do not have access to payment methods. Ask an admin of this business for access.',
} as const;

const Loading = ({ label }: { label: string }) => (
  <Center py="xl" role="status" aria-label={label}>
    <Loader size="sm" type="dots" aria-hidden />
  </Center>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="lg" p="lg">
    <Stack gap="md">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);

const StatusContent = ({
  businessId,
  status,
  canManage,
}: {
  businessId: string;
  status: MerchantStatus;
  canManage: boolean;
}) => {
  const viewOnly = canManage ? null : (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
      {ACCEPT_CARDS_TEXT.viewOnly}
    </Alert>
  );
  switch (status.status) {
    case 'SUBMITTED':
      return (
        <Paper withBorder radius="lg" p="lg" role="status" aria-live="polite">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <ThemeIcon color="yellow" variant="light" radius="xl" size={40} aria-hidden>
              <IconClockHour4 size={24} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={2} fz="lg">
                {ACCEPT_CARDS_TEXT.underReviewTitle}
              </Title>
              <Text size="sm" c="dimmed">
                {ACCEPT_CARDS_TEXT.underReviewBody}
              </Text>
              {status.application?.submittedAt ? (
                <Text size="sm">Submitted on {formatDate(status.application.submittedAt)}.</Text>
              ) : null}
            </Stack>
          </Group>
        </Paper>
      );
    case 'SAQ_PENDING':
    case 'SAQ_EXPIRED':
      return (
        <Section title={ACCEPT_CARDS_TEXT.saqTitle}>
          {status.status === 'SAQ_EXPIRED' ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {ACCEPT_CARDS_TEXT.saqExpired(
                status.saq?.expiresAt ? formatDate(status.saq.expiresAt) : 'its expiry date',
              )}
            </Alert>
          ) : (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconShieldCheck size={18} aria-hidden />
              <Text size="sm" c="dimmed">
                {ACCEPT_CARDS_TEXT.saqIntro}
              </Text>
            </Group>
          )}
          {viewOnly}
          <SaqForm businessId={businessId} canManage={canManage} />
        </Section>
      );
    case 'ACTIVE':
      return <MerchantActive businessId={businessId} status={status} canManage={canManage} />;
    default:
      return (
        <Section title={ACCEPT_CARDS_TEXT.applyTitle}>
          {status.status === 'REJECTED' ? (
            <Alert
              color="red"
              variant="light"
              title={ACCEPT_CARDS_TEXT.rejectedTitle}
              icon={<IconAlertTriangle size={18} aria-hidden />}
            >
              <Stack gap={4}>
                {status.rejectionReason ? <Text size="sm">{status.rejectionReason}</Text> : null}
                <Text size="sm">{ACCEPT_CARDS_TEXT.rejectedHint}</Text>
              </Stack>
            </Alert>
          ) : null}
          {viewOnly}
          <MerchantApplicationForm businessId={businessId} status={status} canManage={canManage} />
        </Section>
      );
  }
};

/** `/b/{id}/settings/accept-card-payment` (spec 002 §2, §4): card acceptance by its onboarding status. */
export const AcceptCardPaymentPage = () => {
  const { businessId = '' } = useParams();
  const business = useBusinessAccess(businessId);
  const access = business.data ? getCardAccess(business.data) : null;
  const ready = Boolean(access?.canRead && access.isVerified);
  const merchant = useMerchantStatus(businessId, ready);

  let content: ReactNode;
  if (business.isPending) content = <Loading label="Loading the business" />;
  else if (business.isError)
    content = <ErrorState error={business.error} onRetry={() => void business.refetch()} />;
  else if (!access?.canRead)
    content = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {ACCEPT_CARDS_TEXT.noAccess}
      </Alert>
    );
  else if (!access.isVerified)
    content = (
      <Alert
        variant="light"
        color="blue"
        title="Verify your business first"
        icon={<IconInfoCircle size={18} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{MERCHANT_API_MESSAGES.notVerified}</Text>
          <Button component={Link} to={paths.kybDetails(businessId)} size="xs">
            Complete business verification
          </Button>
        </Stack>
      </Alert>
    );
  else if (merchant.isPending) content = <Loading label="Loading card acceptance status" />;
  else if (merchant.isError)
    content = <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} />;
  else
    content = <StatusContent businessId={businessId} status={merchant.data} canManage={access.canManage} />;

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={30} lts="-0.02em">
          {ACCEPT_CARDS_TEXT.title}
        </Title>
        <Text c="dimmed">{ACCEPT_CARDS_TEXT.intro}</Text>
      </Stack>
      {content}
    </Stack>
  );
};
