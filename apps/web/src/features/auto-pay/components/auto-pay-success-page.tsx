import {
  AUTO_PAYMENT_REDIRECT_SECONDS,
  AUTO_PAYMENT_RESULT_TEXTS,
  type AutoPaymentMapping,
  type AutoPaymentMappingStatus,
  paths,
} from '@ferry/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockPause, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicPageFrame } from '@/components/public-page-frame';
import { ResultCard } from '@/components/result-card';
import { useAutoPayMapping } from '../api/auto-pay-api';
import { autoPayHref, LIVE_AUTHORIZED_STATUSES } from '../utils/route';
import { type AutoPayContext, AutoPayGuard } from './auto-pay-guard';
import type { AutoPaySlots } from './auto-pay-slots';

export const ENDED_TITLE = 'Auto payments are not active';
export const DISABLED_TITLE = 'Auto payments are disabled.';
export const PAUSED_TITLE = 'Auto payments are paused.';

/** 'Redirecting to your business in Ns', counting down once a second from 7, then `onDone`. */
const useCountdown = (active: boolean, onDone: () => void): number => {
  const [seconds, setSeconds] = useState(AUTO_PAYMENT_REDIRECT_SECONDS);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!active) return;
    if (seconds <= 0) {
      done.current();
      return;
    }
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [active, seconds]);
  return seconds;
};

const endedSentence = (payee: string, mapping: AutoPaymentMapping | undefined): string => {
  const base = `Automatic payments to ${payee} are no longer active. Its invoices are not paid automatically.`;
  return mapping?.endReason ? `${base} ${mapping.endReason}` : base;
};

const Result = ({
  context,
  status,
  mapping,
  slots,
}: {
  context: AutoPayContext;
  status: AutoPaymentMappingStatus;
  mapping: AutoPaymentMapping | undefined;
  slots: AutoPaySlots;
}) => {
  const navigate = useNavigate();
  const payee = mapping?.payeeBusinessName ?? context.link.senderBusinessName;
  const payerId = mapping?.payerId ?? null;
  const isActiveUser = context.user?.activeStatus === 'ACTIVE';
  const isVerified = mapping?.payerBusinessVerificationStatus === 'FULL_VERIFIED';
  const redirects = isActiveUser && status === 'ACCEPTED' && isVerified && payerId !== null;
  const seconds = useCountdown(redirects, () => {
    if (payerId) navigate(paths.businessHome(payerId), { replace: true });
  });

  let icon: ReactNode = <IconInfoCircle size={30} />;
  let color = 'gray';
  let title: string = ENDED_TITLE;
  let sentence = endedSentence(payee, mapping);
  if (status === 'ACCEPTED') {
    icon = <IconCircleCheck size={30} />;
    color = 'teal';
    title = AUTO_PAYMENT_RESULT_TEXTS.authorized;
    sentence = `Invoices from ${payee} are paid automatically on their due dates${
      mapping?.paymentMethod ? ` from ${mapping.paymentMethod.label}` : ''
    }. We email you before each payment.`;
  } else if (status === 'HOLD') {
    icon = <IconClockPause size={30} />;
    color = 'yellow';
    title = AUTO_PAYMENT_RESULT_TEXTS.onHold;
    sentence = `Auto payments to ${payee} start once your business is verified.`;
  } else if (status === 'PAYER_DISABLED' || status === 'PAYEE_DISABLED') {
    icon = <IconClockPause size={30} />;
    color = 'yellow';
    title = DISABLED_TITLE;
    sentence =
      status === 'PAYER_DISABLED'
        ? `You disabled auto payments to ${payee}. You can enable them again from Manage auto payments.`
        : `${payee} disabled auto payments. Nothing is paid automatically until they enable them again.`;
  } else if (status === 'PAUSED') {
    icon = <IconClockPause size={30} />;
    color = 'yellow';
    title = PAUSED_TITLE;
    sentence = `${payee} paused auto payments. Nothing is paid automatically until they resume.`;
  }
  const isLive = LIVE_AUTHORIZED_STATUSES.includes(status);
  const canManage = isLive && (context.isGuest || isActiveUser);

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <ResultCard icon={icon} color={color} title={title} order={1}>
        <Text>{sentence}</Text>
        {redirects ? (
          <Text role="status" aria-live="polite" c="dimmed" size="sm">
            {AUTO_PAYMENT_RESULT_TEXTS.redirecting(seconds)}
          </Text>
        ) : null}
        <Stack gap="xs" w="100%">
          {status === 'HOLD' && payerId && isActiveUser ? (
            <Button component={Link} to={paths.kybDetails(payerId, 'auto-pay')} size="md">
              Proceed to Verify
            </Button>
          ) : null}
          {status === 'ACCEPTED' && isActiveUser && payerId && !isVerified ? (
            <Button component={Link} to={paths.kybDetails(payerId, 'auto-pay')} size="md" variant="light">
              Unlock all Features
            </Button>
          ) : null}
          {isActiveUser && payerId ? (
            <Button component={Link} to={paths.businessHome(payerId)} size="md" variant="default">
              Go to Home
            </Button>
          ) : null}
          {context.isGuest ? (
            <Button component={Link} to={paths.guestPaymentOnboard()} size="md">
              Create a Ferry Account
            </Button>
          ) : null}
        </Stack>
        {canManage ? (
          <Anchor component={Link} to={autoPayHref('method', context.token)} size="sm">
            Manage auto payments
          </Anchor>
        ) : null}
      </ResultCard>
      {context.isGuest ? <slots.ContinueOnboarding /> : null}
    </Stack>
  );
};

const SuccessScreen = ({ context, slots }: { context: AutoPayContext; slots: AutoPaySlots }) => {
  const signedInPayer = context.isGuest || context.user?.activeStatus === 'ACTIVE';
  const mapping = useAutoPayMapping(signedInPayer ? context.mappingId : null);
  if (signedInPayer && mapping.isPending)
    return <PageLoader fullScreen label="Loading your authorization..." />;
  // Without the mapping (no session, or not readable), the link's status still tells the result.
  const status = mapping.data?.status ?? context.link.autoPaymentStatus ?? 'REQUESTED';
  return (
    <PublicPageFrame>
      <Result context={context} status={status} mapping={mapping.data} slots={slots} />
    </PublicPageFrame>
  );
};

/**
 * `/process/auto-pay/success?token` (spec 000 §2 'Auto-payment authorization result', §4 'Auto-payment
 * result'): ACCEPTED 'Authorized Successfully.', HOLD 'Authorization is on hold.' with 'Proceed to
 * Verify'; an ACTIVE payer whose business is FULL_VERIFIED is taken to its home after the 7-second
 * countdown; an ended mapping says it is no longer active.
 */
export const AutoPaySuccessPage = ({ slots }: { slots: AutoPaySlots }) => (
  <AutoPayGuard page="success">{(context) => <SuccessScreen context={context} slots={slots} />}</AutoPayGuard>
);
