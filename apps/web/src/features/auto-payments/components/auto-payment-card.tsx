import {
  ACCESS_DENIED_MESSAGE,
  AUTO_PAYMENT_MESSAGES,
  type AutoPaymentActivityEntry,
  type AutoPaymentMapping,
  type AutoPaymentRun,
  formatDate,
  formatMoney,
  paths,
} from '@ferry/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getActivityIcon } from '@/components/activity-log/activity-log-display';
import { ActivityTimeline, EmptyActivity } from '@/components/activity-log/activity-timeline';
import { ReadOnlyButton } from '@/components/approvers/read-only-button';
import { ErrorAlert } from '@/components/error-alert';
import { LabeledValue } from '@/components/labeled-value';
import { QueryStateBlock } from '@/components/query-state-block';
import { getErrorMessage } from '@/lib/api-error';
import {
  type AutoPaymentSide,
  useAutoPaymentAction,
  useContactAutoPayment,
  useRequestAutoPayment,
  useSendAutoPaymentReminder,
  useSkipAutoPayment,
} from '../api/auto-payments-api';
import {
  AUTO_PAYMENT_STATUS_COLORS,
  autoPaymentStatusLabel,
  autoPaymentStatusSentence,
  CARD_ACTION_LABELS,
  type CardAction,
  cardActions,
  getAutoPaymentAccess,
  notSetUpText,
} from '../utils/display';
import { AutoPaymentConfirmDialog } from './auto-payment-confirm-dialog';
import { ChangeMethodDialog } from './change-method-dialog';

export type AutoPaymentCardProps = {
  businessId: string;
  contactId: string;
  /** PAYEE on a customer's page, PAYER on a vendor's page. */
  side: AutoPaymentSide;
  contactName: string;
  /** The customer's email, where the request goes (the request is refused without one). */
  contactEmail: string;
  /** The member's permission keys in this business. */
  permissions: readonly string[] | undefined;
};

/** Toasts of the actions taken without a dialog, and of the dialogs. */
export const AUTO_PAYMENT_DONE_MESSAGES: Record<CardAction | 'REQUEST', string> = {
  REQUEST: AUTO_PAYMENT_MESSAGES.requested,
  REMIND: AUTO_PAYMENT_MESSAGES.reminderSent,
  PAUSE: 'Auto payments paused.',
  RESUME: 'Auto payments resumed.',
  ENABLE: 'Auto payments enabled.',
  DISABLE: 'Auto payments disabled.',
  CANCEL_REQUEST: 'Auto payment request canceled.',
  DECLINE: 'Auto payment request declined.',
  REVOKE: 'Authorization revoked.',
  CANCEL: 'Auto payments canceled.',
  CHANGE_METHOD: 'Payment method updated.',
};

type DialogAction = 'REQUEST' | 'DISABLE' | 'REVOKE' | 'CANCEL' | 'CANCEL_REQUEST' | 'DECLINE';
const DIALOG_ACTIONS = new Set<string>(['DISABLE', 'REVOKE', 'CANCEL', 'CANCEL_REQUEST', 'DECLINE']);

type DialogText = { title: string; body: string; confirm: string; danger: boolean; withAlsoCancel: boolean };

const dialogText = (action: DialogAction, name: string, email: string): DialogText => {
  switch (action) {
    case 'REQUEST':
      return {
        title: 'Request Auto Payments',
        body: `An email goes to ${email} asking ${name} to authorize automatic payments of your invoices on their due dates.`,
        confirm: 'Send request',
        danger: false,
        withAlsoCancel: false,
      };
    case 'DISABLE':
      return {
        title: 'Disable Auto Payments',
        body: `Invoices will no longer be paid automatically between you and ${name} until auto payments are enabled again.`,
        confirm: 'Disable auto payments',
        danger: true,
        withAlsoCancel: true,
      };
    case 'REVOKE':
      return {
        title: 'Revoke Authorization',
        body: `The authorization ${name} gave ends for good. To be paid automatically again you will need to send a new request.`,
        confirm: 'Revoke authorization',
        danger: true,
        withAlsoCancel: true,
      };
    case 'CANCEL':
      return {
        title: 'Cancel Auto Payments',
        body: `Your authorization ends for good and invoices from ${name} will no longer be paid automatically.`,
        confirm: 'Cancel auto payments',
        danger: true,
        withAlsoCancel: true,
      };
    case 'CANCEL_REQUEST':
      return {
        title: 'Cancel Request',
        body: `The request to ${name} is withdrawn and its link stops working.`,
        confirm: 'Cancel request',
        danger: true,
        withAlsoCancel: false,
      };
    case 'DECLINE':
      return {
        title: 'Decline Request',
        body: `Invoices from ${name} will not be paid automatically.`,
        confirm: 'Decline request',
        danger: true,
        withAlsoCancel: false,
      };
  }
};

export const AutoPaymentStatusBadge = ({ mapping }: { mapping: AutoPaymentMapping }) => {
  const label = autoPaymentStatusLabel(mapping.status);
  return (
    <Badge variant="light" color={AUTO_PAYMENT_STATUS_COLORS[label] ?? 'gray'} radius="sm" tt="none">
      {label}
    </Badge>
  );
};

/** The activity of spec 002 §4 in the app's activity timeline: a named member, or Ferry for the system. */
const ActivityList = ({ entries }: { entries: AutoPaymentActivityEntry[] }) =>
  entries.length === 0 ? (
    <EmptyActivity />
  ) : (
    <ActivityTimeline
      aria-label="Auto payment activity"
      entries={entries.map((entry) => ({
        id: entry.id,
        action: entry.action,
        label: entry.label,
        at: entry.at,
        actor: entry.byName ? { kind: 'person', name: entry.byName } : { kind: 'system', label: 'Ferry' },
        remarks: entry.remarks,
        icon: getActivityIcon(entry.action),
      }))}
    />
  );

type RunsProps = {
  businessId: string;
  side: AutoPaymentSide;
  runs: AutoPaymentRun[];
  canManage: boolean;
  onSkip: (run: AutoPaymentRun) => void;
};

const RunsTable = ({ businessId, side, runs, canManage, onSkip }: RunsProps) => {
  if (runs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No auto payments yet.
      </Text>
    );
  }
  const payee = side === 'PAYEE';
  const showSkip = !payee && runs.some((run) => run.canSkip);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" fz="sm" aria-label="Auto payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice #</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Due date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Payment</Table.Th>
            {showSkip ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.autoPaymentId}>
              <Table.Td>
                {payee ? (
                  <Anchor component={Link} to={paths.invoiceDetail(businessId, run.invoiceId)} size="sm">
                    {run.invoiceNumber}
                  </Anchor>
                ) : (
                  run.invoiceNumber
                )}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(run.amount)}</Table.Td>
              <Table.Td>{formatDate(run.dueDate)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{run.statusLabel}</Text>
                  {run.failureReason ? (
                    <Text size="xs" c="red.8">
                      {run.failureReason}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                {run.paymentId ? (
                  <Anchor
                    component={Link}
                    size="sm"
                    to={
                      payee
                        ? paths.invoicePaymentDetail(businessId, run.paymentId)
                        : paths.billPaymentDetail(businessId, run.paymentId)
                    }
                    aria-label={`View the payment of invoice ${run.invoiceNumber}`}
                  >
                    View payment
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              {showSkip ? (
                <Table.Td ta="right">
                  {run.canSkip ? (
                    canManage ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => onSkip(run)}
                        aria-label={`Don't pay invoice ${run.invoiceNumber}`}
                      >
                        Don't pay this one
                      </Button>
                    ) : (
                      <ReadOnlyButton
                        size="xs"
                        variant="subtle"
                        reason={ACCESS_DENIED_MESSAGE}
                        aria-label={`Don't pay invoice ${run.invoiceNumber}`}
                      >
                        Don't pay this one
                      </ReadOnlyButton>
                    )
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

type RequestButtonProps = { canManage: boolean; email: string; onClick: () => void };

const RequestButton = ({ canManage, email, onClick }: RequestButtonProps) => {
  const label = 'Request auto payments';
  if (!canManage) return <ReadOnlyButton reason={ACCESS_DENIED_MESSAGE}>{label}</ReadOnlyButton>;
  if (email.trim() === '') {
    return <ReadOnlyButton reason={AUTO_PAYMENT_MESSAGES.customerEmailRequired}>{label}</ReadOnlyButton>;
  }
  return (
    <Button leftSection={<IconBolt size={16} aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
};

/**
 * The 'Auto payments' card of a customer (PAYEE side) or vendor (PAYER side) page: the mapping's status
 * with what it means, the payment method and dates, the controls the side may take (spec 002 §2 dialogs),
 * the activity (spec 002 §4) and the auto payments. Without the read right it is not shown; without the
 * manage right its controls are disabled with the §6 message.
 */
export const AutoPaymentCard = (props: AutoPaymentCardProps) => {
  const access = getAutoPaymentAccess(props.permissions, props.side);
  return access.canRead ? <AutoPaymentCardBody {...props} canManage={access.canManage} /> : null;
};

type DialogState = { kind: 'confirm'; action: DialogAction } | { kind: 'skip'; run: AutoPaymentRun } | null;

const AutoPaymentCardBody = ({
  businessId,
  contactId,
  side,
  contactName,
  contactEmail,
  canManage,
}: AutoPaymentCardProps & { canManage: boolean }) => {
  const titleId = useId();
  const query = useContactAutoPayment(businessId, contactId);
  const request = useRequestAutoPayment(businessId);
  const remind = useSendAutoPaymentReminder(businessId);
  const action = useAutoPaymentAction(businessId);
  const skip = useSkipAutoPayment(businessId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [changingMethod, setChangingMethod] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const data = query.data;
  const mapping = data?.mapping ?? null;
  const busy = remind.isPending || action.isPending;
  const close = () => setDialog(null);
  const done = (key: CardAction | 'REQUEST') =>
    notifications.show({ color: 'teal', message: AUTO_PAYMENT_DONE_MESSAGES[key] });

  const runDirect = async (key: CardAction) => {
    if (!mapping) return;
    setFailure(null);
    try {
      if (key === 'REMIND') await remind.mutateAsync(mapping.autoPaymentMappingId);
      else await action.mutateAsync({ mappingId: mapping.autoPaymentMappingId, side, action: key });
      done(key);
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };

  const onAction = (key: CardAction) => {
    if (key === 'CHANGE_METHOD') setChangingMethod(true);
    else if (DIALOG_ACTIONS.has(key)) setDialog({ kind: 'confirm', action: key as DialogAction });
    else void runDirect(key);
  };

  const confirm = async (key: DialogAction, alsoCancelScheduled: boolean) => {
    if (key === 'REQUEST') {
      await request.mutateAsync(contactId);
    } else if (mapping) {
      await action.mutateAsync({
        mappingId: mapping.autoPaymentMappingId,
        side,
        action: key,
        ...(alsoCancelScheduled ? { alsoCancelScheduled: true } : {}),
      });
    }
    done(key);
  };

  const otherName = mapping
    ? side === 'PAYEE'
      ? mapping.payerContactName
      : mapping.payeeBusinessName
    : contactName;
  const confirmText =
    dialog?.kind === 'confirm'
      ? dialogText(
          dialog.action,
          otherName,
          dialog.action === 'REQUEST' ? contactEmail : (mapping?.payerEmail ?? contactEmail),
        )
      : null;
  // The dialogs keep their texts while they close.
  const shownConfirm = useRef<DialogText | null>(null);
  if (confirmText) shownConfirm.current = confirmText;
  const shownSkip = useRef<AutoPaymentRun | null>(null);
  if (dialog?.kind === 'skip') shownSkip.current = dialog.run;
  const { actions, readOnly } = mapping ? cardActions(mapping, canManage) : { actions: [], readOnly: false };
  const showRequest = side === 'PAYEE' && (data?.canRequest || (!canManage && !mapping));

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Title order={2} fz="lg" id={titleId}>
              Auto payments
            </Title>
            {mapping ? <AutoPaymentStatusBadge mapping={mapping} /> : null}
          </Group>
          {showRequest ? (
            <RequestButton
              canManage={canManage}
              email={contactEmail}
              onClick={() => setDialog({ kind: 'confirm', action: 'REQUEST' })}
            />
          ) : null}
        </Group>
        <QueryStateBlock
          query={query}
          loadingLabel="Loading auto payments"
          isEmpty={!mapping}
          empty={
            <Text size="sm" c="dimmed">
              {notSetUpText(side)}
            </Text>
          }
        >
          {mapping ? (
            <Stack gap="md">
              <Text size="sm">{autoPaymentStatusSentence(mapping)}</Text>
              {mapping.endReason ? (
                <Text size="sm" c="red.8">
                  {mapping.endReason}
                </Text>
              ) : null}
              <Group gap="xl" align="flex-start">
                {mapping.paymentMethod ? (
                  <LabeledValue label="Payment method" value={mapping.paymentMethod.label} />
                ) : null}
                <LabeledValue label="Requested" value={formatDate(mapping.requestedAt)} />
                {mapping.authorizedAt ? (
                  <LabeledValue label="Authorized" value={formatDate(mapping.authorizedAt)} />
                ) : null}
                {mapping.lastReminderAt ? (
                  <LabeledValue label="Last reminder" value={formatDate(mapping.lastReminderAt)} />
                ) : null}
                {mapping.endedAt ? <LabeledValue label="Ended" value={formatDate(mapping.endedAt)} /> : null}
              </Group>
              {actions.length > 0 ? (
                <Group gap="xs" role="group" aria-label="Auto payment actions">
                  {actions.map((key) =>
                    readOnly ? (
                      <ReadOnlyButton key={key} size="xs" variant="default" reason={ACCESS_DENIED_MESSAGE}>
                        {CARD_ACTION_LABELS[key]}
                      </ReadOnlyButton>
                    ) : (
                      <Button
                        key={key}
                        size="xs"
                        variant={DIALOG_ACTIONS.has(key) ? 'light' : 'default'}
                        color={DIALOG_ACTIONS.has(key) ? 'red' : undefined}
                        disabled={busy}
                        onClick={() => onAction(key)}
                      >
                        {CARD_ACTION_LABELS[key]}
                      </Button>
                    ),
                  )}
                </Group>
              ) : null}
              <ErrorAlert>{failure}</ErrorAlert>
            </Stack>
          ) : null}
        </QueryStateBlock>
        {data && (mapping || data.activity.length > 0) ? (
          <>
            <Stack gap="xs">
              <Title order={3} fz="sm">
                Auto payments to {side === 'PAYEE' ? 'receive' : 'make'}
              </Title>
              <RunsTable
                businessId={businessId}
                side={side}
                runs={data.upcoming}
                canManage={canManage}
                onSkip={(run) => setDialog({ kind: 'skip', run })}
              />
            </Stack>
            <Stack gap="xs">
              <Title order={3} fz="sm">
                Activity
              </Title>
              <ActivityList entries={data.activity} />
            </Stack>
          </>
        ) : null}
      </Stack>
      <AutoPaymentConfirmDialog
        opened={confirmText !== null}
        onClose={close}
        title={shownConfirm.current?.title ?? ''}
        confirmLabel={shownConfirm.current?.confirm ?? ''}
        danger={shownConfirm.current?.danger}
        withAlsoCancel={shownConfirm.current?.withAlsoCancel}
        onConfirm={(alsoCancel) =>
          dialog?.kind === 'confirm' ? confirm(dialog.action, alsoCancel) : Promise.resolve()
        }
      >
        {shownConfirm.current?.body ?? ''}
      </AutoPaymentConfirmDialog>
      <AutoPaymentConfirmDialog
        opened={dialog?.kind === 'skip'}
        onClose={close}
        title="Don't Pay This One"
        confirmLabel="Don't pay this one"
        danger
        onConfirm={async () => {
          if (dialog?.kind !== 'skip') return;
          await skip.mutateAsync(dialog.run.autoPaymentId);
          notifications.show({ color: 'teal', message: AUTO_PAYMENT_MESSAGES.skipped });
        }}
      >
        {shownSkip.current
          ? `The auto payment of ${formatMoney(shownSkip.current.amount)} for invoice ${shownSkip.current.invoiceNumber}, due ${formatDate(shownSkip.current.dueDate)}, will not be made. You can still pay this invoice yourself.`
          : ''}
      </AutoPaymentConfirmDialog>
      {mapping && side === 'PAYER' ? (
        <ChangeMethodDialog
          businessId={businessId}
          mapping={mapping}
          opened={changingMethod}
          onClose={() => setChangingMethod(false)}
        />
      ) : null}
    </Paper>
  );
};
