import { GUEST_MESSAGES, type GuestPaymentInfo, paths } from '@ferry/domain';
import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { useSubmissionKey } from '@/components/pay/use-submission-key';
import { PublicPageFrame } from '@/components/public-page-frame';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { currentUserQueryOptions } from '@/lib/session';
import { useHasSession } from '@/lib/use-has-session';
import { guestKeys, useAcceptGuestPayment, useGuestPaymentInfo } from '../api/guest-api';
import { getGuestToken, getStoredGuest, storeGuestPaymentInfo } from '../utils/guest-storage';
import { acceptBody, type GuestPlan, initialMethodValues, type MethodValues } from '../utils/plan';
import { greeting } from '../utils/texts';
import { guestUnauthorizedHref } from '../utils/unauthorized';
import { GuestPhoneStep } from './guest-phone-step';
import type { GuestPaymentSlots } from './guest-slots';
import { InvoiceSummary } from './invoice-summary';
import { MethodForm } from './method-form';
import { ClosedView, ContinueOnboarding, SuccessView } from './outcome-views';
import { ReviewStep } from './review-step';

const isPhoneNotVerified = (error: unknown): boolean =>
  isApiError(error) && error.statusCode === 403 && error.message === GUEST_MESSAGES.phoneNotVerified;

const startHref = (token: string) => `${paths.guestPaymentStart()}?token=${encodeURIComponent(token)}`;

type Stage = { kind: 'method' } | { kind: 'review'; plan: GuestPlan } | { kind: 'success'; plan: GuestPlan };

const Frame = PublicPageFrame;

/** The payment-method screen and what follows it (review, success), for an open request or payment. */
const PaymentFlow = ({
  token,
  info,
  slots,
}: {
  token: string;
  info: GuestPaymentInfo;
  slots: GuestPaymentSlots;
}) => {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'method' });
  const [values, setValues] = useState<MethodValues>(() => initialMethodValues(info));
  const [payError, setPayError] = useState<string | null>(null);
  const accept = useAcceptGuestPayment();
  const submission = useSubmissionKey();
  const [result, setResult] = useState<GuestPaymentInfo | null>(null);

  const review = (plan: GuestPlan) => {
    // A fresh Idempotency-Key per review; a retry of the same review re-uses it.
    submission.reset();
    setPayError(null);
    setStage({ kind: 'review', plan });
  };

  const confirm = async (plan: GuestPlan) => {
    setPayError(null);
    const body = acceptBody(token, info, plan);
    try {
      const answer = await accept.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      storeGuestPaymentInfo(answer);
      setResult(answer);
      setStage({ kind: 'success', plan });
    } catch (error) {
      setPayError(getErrorMessage(error));
    }
  };

  const payRest = () => {
    setResult(null);
    setValues(initialMethodValues(info));
    setStage({ kind: 'method' });
    void queryClient.invalidateQueries({ queryKey: guestKeys.info(token) });
  };

  const isSend = info.paymentType === 'SEND_PAYMENT';
  let right: React.ReactNode;
  if (stage.kind === 'success') {
    right = (
      <Stack gap="lg">
        <SuccessView info={result ?? info} plan={stage.plan} onPayRest={payRest} />
        <ContinueOnboarding />
      </Stack>
    );
  } else if (stage.kind === 'review') {
    right = (
      <ReviewStep
        info={info}
        plan={stage.plan}
        isPaying={accept.isPending}
        error={payError}
        onBack={() => setStage({ kind: 'method' })}
        onConfirm={() => void confirm(stage.plan)}
      />
    );
  } else {
    right = <MethodForm info={info} values={values} onChange={setValues} onReview={review} slots={slots} />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {isSend
            ? `Pay ${info.payeeBusinessName ?? 'your invoice'}`
            : `Accept your payment from ${info.payerBusinessName ?? 'the sender'}`}
        </Title>
        <Text c="dimmed">{greeting(getStoredGuest()?.firstName || info.contactName)}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <InvoiceSummary info={stage.kind === 'success' && result ? result : info} />
        <Box>{right}</Box>
      </SimpleGrid>
    </Stack>
  );
};

export type GuestPaymentPageProps = { slots: GuestPaymentSlots };

/**
 * `/process/payment` (guest session): the 'Guest payment sign-in' phone step until the phone is verified,
 * then the payment-method screen (money spec §2), or the outcome when the request or payment is closed.
 */
export const GuestPaymentPage = ({ slots }: GuestPaymentPageProps) => {
  const token = getGuestToken();
  const signedIn = useHasSession();
  const queryClient = useQueryClient();
  const infoQuery = useGuestPaymentInfo(token, signedIn);

  useEffect(() => {
    if (infoQuery.data) storeGuestPaymentInfo(infoQuery.data);
  }, [infoQuery.data]);

  if (!token) return <Navigate to={guestUnauthorizedHref('link')} replace />;
  if (!signedIn) return <Navigate to={startHref(token)} replace />;
  if (infoQuery.isPending) return <PageLoader fullScreen label="Loading your payment..." />;
  if (infoQuery.isError) {
    if (isPhoneNotVerified(infoQuery.error)) {
      return (
        <GuestPhoneStep
          token={token}
          onVerified={(info) => {
            storeGuestPaymentInfo(info);
            queryClient.setQueryData(guestKeys.info(token), info);
            // The stored profile now has a verified phone (set-password and the route guard read it).
            void queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => {});
          }}
        />
      );
    }
    // A session that is not this link's guest session (a guest who signed in with a password): the email
    // step of the link makes one.
    if (isApiError(infoQuery.error) && infoQuery.error.message === GUEST_MESSAGES.scope) {
      return <Navigate to={startHref(token)} replace />;
    }
    if (isApiError(infoQuery.error) && infoQuery.error.statusCode === 403) {
      return <Navigate to={guestUnauthorizedHref('account')} replace />;
    }
    return (
      <Frame>
        <ErrorState error={infoQuery.error} onRetry={() => void infoQuery.refetch()} />
      </Frame>
    );
  }
  const info = infoQuery.data;
  return (
    <Frame>
      {info.closed ? (
        <Stack gap="lg" maw={560} mx="auto" w="100%">
          <ClosedView info={info} />
          <ContinueOnboarding />
        </Stack>
      ) : (
        <PaymentFlow key={info.invitationId} token={token} info={info} slots={slots} />
      )}
    </Frame>
  );
};
