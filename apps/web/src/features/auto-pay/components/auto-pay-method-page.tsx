import { type AutoPaymentMapping, GUEST_MESSAGES, type GuestPaymentInfo } from '@ferry/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { PublicPageFrame } from '@/components/public-page-frame';
import { isApiError } from '@/lib/api-error';
import { currentUserQueryOptions } from '@/lib/session';
import {
  authorizeAutoPayment,
  autoPayKeys,
  takePayerAction,
  useAutoPayGuestInfo,
  useAutoPayMapping,
} from '../api/auto-pay-api';
import { methodInfoFor } from '../utils/method-info';
import { autoPayHref, isOpenRequest, LIVE_AUTHORIZED_STATUSES } from '../utils/route';
import { useAction } from '../utils/use-action';
import { AuthorizeWithCode } from './authorize-with-code';
import { type AutoPayContext, AutoPayGuard } from './auto-pay-guard';
import type { AutoPaySlots, ChosenMethod } from './auto-pay-slots';

export const CANCEL_TICK_LABEL = 'Also cancel auto payments already scheduled or requested';
export const CANCEL_DIALOG_TITLE = 'Cancel auto payments';
export const DISABLE_DIALOG_TITLE = 'Disable Auto Payments';
export const DECLINE_DIALOG_TITLE = 'Decline auto payments?';
export const METHOD_UPDATED = 'Payment method updated.';

const consentLabelFor = (payee: string) =>
  `I authorize ${payee} to be paid automatically from the selected account for each of its invoices, on its due date.`;

/** Who is asking and what authorising means (spec 002 §2 'Guest payment-method screen', auto-payment). */
const WhatItMeans = ({ payee }: { payee: string }) => (
  <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="auto-pay-about">
    <Stack gap="sm">
      <Title order={2} fz="lg" id="auto-pay-about">
        {`${payee} requested automatic payments`}
      </Title>
      <Text size="sm">Authorizing means:</Text>
      <List size="sm" spacing={6}>
        <List.Item>{`Every invoice from ${payee} is paid on its due date from the account you choose.`}</List.Item>
        <List.Item>We email you before each payment, and you can stop that one.</List.Item>
        <List.Item>You can change the account or cancel auto payments at any time.</List.Item>
      </List>
    </Stack>
  </Paper>
);

type Done = (mapping: AutoPaymentMapping) => void;

/** A requested mapping: choose a method, tick, code, `PATCH /auto-payment/{id}` ACCEPTED; or decline. */
const AuthorizeView = ({
  context,
  mapping,
  info,
  businessId,
  slots,
  onDone,
}: {
  context: AutoPayContext;
  mapping: AutoPaymentMapping;
  info: GuestPaymentInfo;
  businessId: string;
  slots: AutoPaySlots;
  onDone: Done;
}) => {
  const payee = mapping.payeeBusinessName;
  const [declineOpen, setDeclineOpen] = useState(false);
  const declining = useAction();
  const tokenPart = context.isGuest ? { token: context.token } : {};

  const authorize = async (method: ChosenMethod, otpId: string) => {
    const answer = await authorizeAutoPayment(mapping.autoPaymentMappingId, {
      businessId,
      status: 'ACCEPTED',
      paymentInstrumentId: method.instrumentId,
      otpId,
      authorized: true,
      ...tokenPart,
    });
    onDone(answer);
  };

  const decline = () =>
    declining.run(async () =>
      onDone(
        await authorizeAutoPayment(mapping.autoPaymentMappingId, {
          businessId,
          status: 'PAYER_DECLINED',
          ...tokenPart,
        }),
      ),
    );

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>{`Authorize auto payments to ${payee}`}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <WhatItMeans payee={payee} />
          <Text size="sm" c="dimmed">
            {`Not expecting this? `}
            <Anchor component="button" type="button" size="sm" onClick={() => setDeclineOpen(true)}>
              Decline
            </Anchor>
          </Text>
        </Stack>
        <AuthorizeWithCode
          info={info}
          slots={slots}
          title="How should these invoices be paid?"
          consentLabel={consentLabelFor(payee)}
          submitLabel="Authorize"
          onSubmit={authorize}
        />
      </SimpleGrid>
      <Dialog opened={declineOpen} onClose={() => setDeclineOpen(false)} title={DECLINE_DIALOG_TITLE}>
        <Stack gap="md">
          <Text size="sm">{`${payee} is told that you declined, and its invoices are not paid automatically.`}</Text>
          {declining.error ? (
            <Alert color="red" variant="light" role="alert">
              {declining.error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclineOpen(false)}>
              Go back
            </Button>
            <Button color="red" loading={declining.isWorking} onClick={() => void decline()}>
              Decline
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
};

const statusLine = (mapping: AutoPaymentMapping): string => {
  switch (mapping.status) {
    case 'ACCEPTED':
      return 'Auto payments are on.';
    case 'HOLD':
      return 'Authorization is on hold until your business is verified.';
    case 'PAUSED':
      return `${mapping.payeeBusinessName} paused auto payments.`;
    case 'PAYER_DISABLED':
      return 'You disabled auto payments.';
    case 'PAYEE_DISABLED':
      return `${mapping.payeeBusinessName} disabled auto payments.`;
    default:
      return '';
  }
};

type ConfirmKind = 'CANCEL' | 'DISABLE';

const confirmTexts = (kind: ConfirmKind, payee: string) =>
  kind === 'CANCEL'
    ? {
        title: CANCEL_DIALOG_TITLE,
        text: `Invoices from ${payee} will no longer be paid automatically. ${payee} is told.`,
        confirm: 'Cancel auto payments',
      }
    : {
        title: DISABLE_DIALOG_TITLE,
        text: `Invoices from ${payee} are not paid automatically until you enable auto payments again.`,
        confirm: 'Disable auto payments',
      };

/** 'Cancel auto payments' (with the optional tick) and 'Disable Auto Payments' (spec 002 §2 dialogs). */
const ConfirmActionDialog = ({
  kind,
  payee,
  onClose,
  onConfirm,
}: {
  kind: ConfirmKind | null;
  payee: string;
  onClose: () => void;
  onConfirm: (kind: ConfirmKind, alsoCancelScheduled: boolean) => Promise<void>;
}) => {
  const [alsoScheduled, setAlsoScheduled] = useState(false);
  const action = useAction();
  const texts = confirmTexts(kind ?? 'CANCEL', payee);
  const confirm = () => {
    if (kind) void action.run(() => onConfirm(kind, alsoScheduled));
  };
  return (
    <Dialog opened={kind !== null} onClose={onClose} title={texts.title} size={520}>
      <Stack gap="md">
        <Text size="sm">{texts.text}</Text>
        {kind === 'CANCEL' ? (
          <Checkbox
            label={CANCEL_TICK_LABEL}
            checked={alsoScheduled}
            onChange={(event) => setAlsoScheduled(event.currentTarget.checked)}
          />
        ) : null}
        {action.error ? (
          <Alert color="red" variant="light" role="alert">
            {action.error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep auto payments
          </Button>
          <Button color="red" loading={action.isWorking} onClick={confirm}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};

/**
 * An authorised mapping (the payer back from a notice email): its status and method, 'Change payment
 * method', 'Disable' / 'Enable auto payments' and 'Cancel auto payments' — the controls the server offers
 * (`actions`), through `POST /business/{payer}/auto-payment/{id}/payer-action`.
 */
const ManageView = ({
  mapping,
  info,
  slots,
  onDone,
}: {
  mapping: AutoPaymentMapping;
  info: GuestPaymentInfo;
  slots: AutoPaySlots;
  onDone: Done;
}) => {
  const queryClient = useQueryClient();
  const payee = mapping.payeeBusinessName;
  const payerBusinessId = mapping.payerId ?? info.guestBusinessId;
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ConfirmKind | null>(null);
  const enabling = useAction();
  const can = (action: AutoPaymentMapping['actions'][number]) => mapping.actions.includes(action);

  const act = (body: Parameters<typeof takePayerAction>[2]) =>
    takePayerAction(payerBusinessId, mapping.autoPaymentMappingId, body);
  const keep = (answer: AutoPaymentMapping, message: string) => {
    queryClient.setQueryData(autoPayKeys.mapping(mapping.autoPaymentMappingId), answer);
    setNotice(message);
  };

  const changeMethod = async (method: ChosenMethod, otpId: string) => {
    const answer = await act({ action: 'CHANGE_METHOD', paymentInstrumentId: method.instrumentId, otpId });
    setChanging(false);
    keep(answer, METHOD_UPDATED);
  };

  const confirm = async (kind: ConfirmKind, alsoCancelScheduled: boolean) => {
    if (kind === 'CANCEL') {
      onDone(await act({ action: 'CANCEL', alsoCancelScheduled }));
      return;
    }
    const answer = await act({ action: 'DISABLE' });
    setConfirming(null);
    keep(answer, 'Auto payments disabled.');
  };

  const enable = () =>
    enabling.run(async () => keep(await act({ action: 'ENABLE' }), 'Auto payments enabled.'));

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>{`Auto payments to ${payee}`}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="auto-pay-current">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="auto-pay-current">
              Current authorization
            </Title>
            <Text size="sm">{statusLine(mapping)}</Text>
            <Text size="sm">{`Payment method: ${mapping.paymentMethod?.label ?? 'none'}`}</Text>
            {notice ? (
              <Alert color="teal" variant="light" role="status">
                {notice}
              </Alert>
            ) : null}
            {enabling.error ? (
              <Alert color="red" variant="light" role="alert">
                {enabling.error}
              </Alert>
            ) : null}
            <Group gap="sm">
              {can('CHANGE_METHOD') && !changing ? (
                <Button variant="light" onClick={() => setChanging(true)}>
                  Change payment method
                </Button>
              ) : null}
              {can('ENABLE') ? (
                <Button variant="light" loading={enabling.isWorking} onClick={() => void enable()}>
                  Enable auto payments
                </Button>
              ) : null}
              {can('DISABLE') ? (
                <Button variant="default" onClick={() => setConfirming('DISABLE')}>
                  Disable auto payments
                </Button>
              ) : null}
              {can('CANCEL') ? (
                <Button variant="subtle" color="red" onClick={() => setConfirming('CANCEL')}>
                  Cancel auto payments
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
        {changing ? (
          <AuthorizeWithCode
            info={info}
            slots={slots}
            title="Choose the new payment method"
            consentLabel={consentLabelFor(payee)}
            submitLabel="Update payment method"
            onSubmit={changeMethod}
          />
        ) : (
          <WhatItMeans payee={payee} />
        )}
      </SimpleGrid>
      <ConfirmActionDialog
        key={confirming ?? 'closed'}
        kind={confirming}
        payee={payee}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
};

const isPhoneNotVerified = (error: unknown): boolean =>
  isApiError(error) && error.statusCode === 403 && error.message === GUEST_MESSAGES.phoneNotVerified;

/** The mapping and the business whose banks and cards are listed, then the view its status calls for. */
const MethodScreen = ({ context, slots }: { context: AutoPayContext; slots: AutoPaySlots }) => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const guestInfo = useAutoPayGuestInfo(context.token, context.isGuest);
  const ready = !context.isGuest || guestInfo.isSuccess;
  const mapping = useAutoPayMapping(ready ? context.mappingId : null);

  if (context.isGuest) {
    if (guestInfo.isPending) return <PageLoader fullScreen label="Loading your request..." />;
    if (guestInfo.isError) {
      if (isPhoneNotVerified(guestInfo.error)) {
        return (
          <slots.PhoneStep
            token={context.token}
            onVerified={(info) => {
              queryClient.setQueryData(autoPayKeys.guestInfo(context.token), info);
              // The stored profile now has a verified phone (set-password and the route guard read it).
              void queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => {});
            }}
          />
        );
      }
      if (isApiError(guestInfo.error) && guestInfo.error.message === GUEST_MESSAGES.scope) {
        return <Navigate to={autoPayHref('info', context.token)} replace />;
      }
      return (
        <PublicPageFrame>
          <ErrorState error={guestInfo.error} onRetry={() => void guestInfo.refetch()} />
        </PublicPageFrame>
      );
    }
  }
  if (mapping.isPending) return <PageLoader fullScreen label="Loading your request..." />;
  if (mapping.isError) {
    return (
      <PublicPageFrame>
        <ErrorState error={mapping.error} onRetry={() => void mapping.refetch()} />
      </PublicPageFrame>
    );
  }
  const current = mapping.data;
  const businessId = context.isGuest
    ? (guestInfo.data?.guestBusinessId ?? '')
    : (searchParams.get('businessId') ?? current.payerId ?? '');
  if (!businessId) return <Navigate to={autoPayHref('business', context.token)} replace />;
  const info = methodInfoFor(current, businessId);

  const onDone: Done = (answer) => {
    queryClient.setQueryData(autoPayKeys.mapping(answer.autoPaymentMappingId), answer);
    queryClient.setQueryData(autoPayKeys.link(context.token), (old: typeof context.link | undefined) =>
      old ? { ...old, autoPaymentStatus: answer.status } : old,
    );
    navigate(autoPayHref('success', context.token), { replace: true });
  };

  let view: React.ReactNode;
  if (isOpenRequest(current.status)) {
    view = (
      <AuthorizeView
        context={context}
        mapping={current}
        info={info}
        businessId={businessId}
        slots={slots}
        onDone={onDone}
      />
    );
  } else if (LIVE_AUTHORIZED_STATUSES.includes(current.status)) {
    view = <ManageView mapping={current} info={info} slots={slots} onDone={onDone} />;
  } else {
    return <Navigate to={autoPayHref('success', context.token)} replace />;
  }
  return <PublicPageFrame>{view}</PublicPageFrame>;
};

/**
 * `/process/auto-pay/method?token[&businessId]` (spec 000 §1, 002 §2 'Guest payment-method screen',
 * auto-payment variant): the guest of the link (after the phone step) or a signed-in payer with the
 * business picked on /business. A requested mapping is authorised here; an authorised one (the payer back
 * from a notice email) shows its method with 'Change payment method' and 'Cancel auto payments'.
 */
export const AutoPayMethodPage = ({ slots }: { slots: AutoPaySlots }) => {
  const [searchParams] = useSearchParams();
  const hasBusiness = Boolean(searchParams.get('businessId'));
  return (
    <AutoPayGuard
      page="method"
      accept={(context) => {
        if (context.target === 'method') return true;
        if (context.target === 'business') return hasBusiness;
        const status = context.link.autoPaymentStatus;
        const signedInPayer = context.isGuest || context.user?.activeStatus === 'ACTIVE';
        return Boolean(status && LIVE_AUTHORIZED_STATUSES.includes(status) && signedInPayer);
      }}
    >
      {(context) => <MethodScreen context={context} slots={slots} />}
    </AutoPayGuard>
  );
};
