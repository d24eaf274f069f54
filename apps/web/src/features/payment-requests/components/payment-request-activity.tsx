import { formatDate, formatMoney, type PaymentRequestEventView, toCents } from '@ferry/domain';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { type ActivityActor, getActivityIcon } from '@/components/activity-log/activity-log-display';
import {
  ActivityTimeline,
  type ActivityTimelineEntry,
  EmptyActivity,
} from '@/components/activity-log/activity-timeline';
import { LabeledValue } from '@/components/labeled-value';
import { QueryStateBlock } from '@/components/query-state-block';
import { usePaymentRequest } from '../api/payment-requests-api';

/** A person shows their name; the system, a provider or an entry without a name shows the system badge. */
const toActor = ({ type, name }: PaymentRequestEventView['actor']): ActivityActor => {
  const trimmed = name?.trim() ?? '';
  return type === 'USER' && trimmed
    ? { kind: 'person', name: trimmed }
    : { kind: 'system', label: trimmed || 'System' };
};

const toEntry = (event: PaymentRequestEventView): ActivityTimelineEntry => ({
  id: event.id,
  action: event.action,
  label: event.label,
  at: event.createdAt,
  actor: toActor(event.actor),
  remarks: event.remarks,
  icon: getActivityIcon(event.action),
});

/**
 * On the make-payment page of a bill that came from a payment request (`?paymentRequestId=`): the
 * sender's invoice (number, dates, amount, memo) and the request's timeline, newest first. Renders
 * nothing for a bill paid on its own.
 */
export const PaymentRequestActivity = () => {
  const { businessId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const paymentRequestId = searchParams.get('paymentRequestId');
  const query = usePaymentRequest(businessId, paymentRequestId);
  const titleId = useId();
  if (!paymentRequestId) return null;
  const request = query.data;
  const events = [...(request?.events ?? [])].reverse();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          Payment request
        </Title>
        <QueryStateBlock
          query={query}
          loadingLabel="Loading the payment request"
          isEmpty={false}
          empty={null}
        >
          {request ? (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <LabeledValue label="Sent by" value={request.sender.businessName} />
                <LabeledValue label="Invoice #" value={request.refNo} />
                <LabeledValue label="Invoice Date" value={formatDate(request.invoiceDate)} />
                <LabeledValue label="Requested" value={formatMoney(toCents(request.amount))} />
              </SimpleGrid>
              {request.memo ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {request.memo}
                </Text>
              ) : null}
              {events.length === 0 ? (
                <EmptyActivity />
              ) : (
                <ActivityTimeline entries={events.map(toEntry)} aria-label="Payment request activity" />
              )}
            </Stack>
          ) : null}
        </QueryStateBlock>
      </Stack>
    </Paper>
  );
};
