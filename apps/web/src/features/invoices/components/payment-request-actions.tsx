import { type InvoiceListItem, PAYMENT_REQUEST_MESSAGES } from '@ferry/domain';
import { Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { useCancelPaymentRequest, useSendPaymentRequest, useSendReminder } from '../api/invoices-api';
import { canFollowUpRequest, canSendRequest } from '../utils/invoice-display';

export const REMARKS_MAX = 200;

type Invoice = Pick<InvoiceListItem, 'id' | 'refNo' | 'status' | 'amount' | 'balance' | 'paymentRequest'> & {
  contact: Pick<InvoiceListItem['contact'], 'onNetwork'>;
};

export type PaymentRequestActionsProps = {
  businessId: string;
  invoice: Invoice;
  size?: 'xs' | 'sm';
  /** In a list row: short labels ('Request', 'Remind', 'Cancel'; the accessible names stay whole). */
  compact?: boolean;
};

const toastError = (error: unknown) => notifications.show({ color: 'red', message: getErrorMessage(error) });

/**
 * The sending side of an invoice's payment request (spec 002 §7 'Payment requests and payments'):
 * 'Send payment request' while nothing was received and none is out (to a customer not on Ferry, the tooltip
 * says they pay from an emailed guest link); then 'Send reminder' and 'Cancel
 * request' while the request is out (not while the customer's payment is on its way).
 */
export const PaymentRequestActions = ({
  businessId,
  invoice,
  size = 'xs',
  compact = false,
}: PaymentRequestActionsProps) => {
  const send = useSendPaymentRequest(businessId);
  const remind = useSendReminder(businessId);
  const [cancelOpen, setCancelOpen] = useState(false);
  const request = invoice.paymentRequest;

  if (canSendRequest(invoice)) {
    // A customer not on Ferry pays as a guest from the emailed link: the tooltip says so.
    const guest = !invoice.contact.onNetwork;
    return (
      <Tooltip
        label={PAYMENT_REQUEST_MESSAGES.customerNotOnFerry}
        disabled={!guest}
        multiline
        w={260}
        withinPortal
      >
        <Button
          size={size}
          variant="light"
          loading={send.isPending}
          aria-label={`Send payment request for invoice ${invoice.refNo}`}
          onClick={(event) => {
            event.stopPropagation();
            send.mutate(invoice.id, {
              onSuccess: () =>
                notifications.show({ color: 'teal', message: PAYMENT_REQUEST_MESSAGES.requestSent }),
              onError: toastError,
            });
          }}
        >
          {compact ? 'Request' : 'Send payment request'}
        </Button>
      </Tooltip>
    );
  }
  if (!canFollowUpRequest(request)) return null;
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size={size}
        variant="light"
        loading={remind.isPending}
        aria-label={`Send reminder for invoice ${invoice.refNo}`}
        onClick={(event) => {
          event.stopPropagation();
          remind.mutate(request.id, {
            onSuccess: () =>
              notifications.show({ color: 'teal', message: PAYMENT_REQUEST_MESSAGES.reminderSent }),
            onError: toastError,
          });
        }}
      >
        {compact ? 'Remind' : 'Send reminder'}
      </Button>
      <Button
        size={size}
        variant="subtle"
        color="red"
        aria-label={`Cancel request for invoice ${invoice.refNo}`}
        onClick={(event) => {
          event.stopPropagation();
          setCancelOpen(true);
        }}
      >
        {compact ? 'Cancel' : 'Cancel request'}
      </Button>
      <CancelRequestDialog
        opened={cancelOpen}
        onClose={() => setCancelOpen(false)}
        businessId={businessId}
        paymentRequestId={request.id}
        refNo={invoice.refNo}
      />
    </Group>
  );
};

/** Cancel a sent request: optional remarks (at most 200 characters, with a counter); the invoice goes back to unpaid. */
const CancelRequestDialog = ({
  opened,
  onClose,
  businessId,
  paymentRequestId,
  refNo,
}: {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  paymentRequestId: string;
  refNo: string;
}) => {
  const cancel = useCancelPaymentRequest(businessId);
  const [remarks, setRemarks] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog opened={opened} onClose={onClose} title="Cancel payment request">
      <Stack gap="md" onClick={(event) => event.stopPropagation()}>
        <Text size="sm">
          {`The customer will no longer be asked to pay invoice ${refNo}. The invoice stays open and you can send a new request later.`}
        </Text>
        <Textarea
          label="Remarks"
          description={`${remarks.length}/${REMARKS_MAX}`}
          maxLength={REMARKS_MAX}
          value={remarks}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          rows={3}
        />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep request
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => {
              setFailure(null);
              cancel.mutate(
                { paymentRequestId, remarks: remarks.trim() },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: PAYMENT_REQUEST_MESSAGES.requestCancelled });
                    onClose();
                  },
                  onError: (error) => setFailure(getErrorMessage(error)),
                },
              );
            }}
          >
            Cancel request
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
