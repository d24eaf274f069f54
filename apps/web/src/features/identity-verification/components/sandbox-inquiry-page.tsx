import { prettifyStatus } from '@ferry/domain';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage, isApiError } from '@/lib/api-error';
import {
  type SandboxDecision,
  type SandboxInquiry,
  sandboxInquiryQueryOptions,
  useDecideSandboxInquiry,
} from '../api/sandbox-inquiry';
import { browserLocation } from '../utils/browser-location';
import { buildInquiryReturnUrl } from '../utils/safe-url';
import { SandboxIdentityFrame } from './sandbox-frame';

const WRONG_TOKEN = 'The session token for this check is wrong or has expired. Start the verification again.';
const DECIDED_STATUSES = new Set([
  'approved',
  'declined',
  'cancelled',
  'canceled',
  'completed',
  'needs_review',
  'failed',
  'expired',
]);

const DECISION_BUTTONS: { decision: SandboxDecision; label: string; color: string; variant: string }[] = [
  { decision: 'approve', label: 'Approve', color: 'dark', variant: 'filled' },
  { decision: 'decline', label: 'Decline', color: 'red', variant: 'light' },
  { decision: 'cancel', label: 'Cancel', color: 'gray', variant: 'default' },
];

const describeLoadError = (error: unknown): string => {
  if (isApiError(error) && error.statusCode === 401) return WRONG_TOKEN;
  if (isApiError(error) && error.statusCode === 404) return 'There is no identity check with this id.';
  return getErrorMessage(error);
};

const describeDecisionError = (error: unknown): string => {
  if (isApiError(error) && error.statusCode === 409) {
    return error.message !== DEFAULT_ERROR_MESSAGE ? error.message : 'This check has already been decided.';
  }
  return describeLoadError(error);
};

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap" component="div">
    <Text size="sm" c="dimmed" component="dt">
      {label}
    </Text>
    <Text size="sm" fw={500} component="dd" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Group>
);

/** Who or what is being verified: a person (name, email) or a business (name, last 4 of the tax id). */
const InquirySubject = ({ inquiry }: { inquiry: SandboxInquiry }) => {
  const { fields } = inquiry;
  const isBusiness = inquiry.kind === 'BUSINESS';
  const name = [fields.nameFirst, fields.nameLast].filter(Boolean).join(' ');
  return (
    <Stack gap={8} component="dl" m={0} aria-label="Being verified">
      <Detail label="Check">{isBusiness ? 'Business' : 'Person'}</Detail>
      {isBusiness ? (
        <>
          <Detail label="Business name">{fields.businessName || '—'}</Detail>
          <Detail label="Tax ID">{fields.businessTaxId ? `ending in ${fields.businessTaxId}` : '—'}</Detail>
        </>
      ) : (
        <>
          <Detail label="Name">{name || '—'}</Detail>
          <Detail label="Email">{fields.emailAddress || '—'}</Detail>
        </>
      )}
      <Detail label="Inquiry">
        <Text span ff="monospace" size="xs">
          {inquiry.inquiryId}
        </Text>
      </Detail>
      <Detail label="Status">
        <Badge color="gray" variant="light" radius="sm" tt="none">
          {prettifyStatus(inquiry.status)}
        </Badge>
      </Detail>
    </Stack>
  );
};

/**
 * `/sandbox/identity/:inquiryId?session-token=…&redirect-uri=…`: the sandbox identity provider's hosted
 * page (public). It shows the inquiry (`GET /sandbox/identity/inquiries/{id}` with `x-session-token`) and
 * sends back Approve, Decline or Cancel, then returns to `redirect-uri` with `inquiry-id` and `status` —
 * only to an address on this site.
 */
export const SandboxInquiryPage = () => {
  const { inquiryId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const sessionToken = searchParams.get('session-token') ?? '';
  const redirectUri = searchParams.get('redirect-uri');
  const origin = browserLocation.origin();
  const canReturn = buildInquiryReturnUrl(redirectUri, origin, { inquiryId, status: 'cancelled' }) !== null;
  const inquiry = useQuery({
    ...sandboxInquiryQueryOptions(inquiryId, sessionToken),
    enabled: Boolean(inquiryId && sessionToken),
  });
  const decide = useDecideSandboxInquiry();
  const [choice, setChoice] = useState<SandboxDecision | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const isDecided = inquiry.data ? DECIDED_STATUSES.has(inquiry.data.status.toLowerCase()) : false;
  const isBusy = decide.isPending || isLeaving;
  const canDecide = canReturn && Boolean(inquiry.data) && !isDecided && !isBusy;

  const onDecide = (decision: SandboxDecision) => {
    setChoice(decision);
    decide.mutate(
      { inquiryId, sessionToken, decision },
      {
        onSuccess: (decided) => {
          const url = buildInquiryReturnUrl(redirectUri, origin, decided);
          if (!url) return;
          setIsLeaving(true);
          browserLocation.assign(url);
        },
      },
    );
  };

  let body: ReactNode = null;
  if (!sessionToken) {
    body = <ErrorAlert>This link has no session token, so the check can’t be opened.</ErrorAlert>;
  } else if (inquiry.isError) {
    body = <ErrorAlert>{describeLoadError(inquiry.error)}</ErrorAlert>;
  } else if (!inquiry.data) {
    body = (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" color="gray" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading the check…
        </Text>
      </Group>
    );
  } else {
    body = <InquirySubject inquiry={inquiry.data} />;
  }

  return (
    <SandboxIdentityFrame>
      <Paper withBorder radius="sm" p="lg" shadow="xs">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz={22} fw={600}>
              Identity check
            </Title>
            <Text size="sm" c="dimmed">
              Ferry asked for this check. Pick the result the provider should report.
            </Text>
          </Stack>
          {body}
          {canReturn ? null : (
            <ErrorAlert>
              This check was opened with a return address outside this site, so it can’t send you back. Start
              the verification again from Ferry.
            </ErrorAlert>
          )}
          {isDecided ? (
            <Text size="sm" role="note">
              This check has already been decided.
            </Text>
          ) : null}
          <ErrorAlert>{decide.isError ? describeDecisionError(decide.error) : null}</ErrorAlert>
          <Group grow gap="sm">
            {DECISION_BUTTONS.map(({ decision, label, color, variant }) => {
              const isChosen = isBusy && choice === decision;
              return (
                <Button
                  key={decision}
                  color={color}
                  variant={variant}
                  onClick={() => onDecide(decision)}
                  disabled={!canDecide && !isChosen}
                  loading={isChosen}
                >
                  {label}
                </Button>
              );
            })}
          </Group>
          {isLeaving ? (
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              Returning you to Ferry…
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </SandboxIdentityFrame>
  );
};
