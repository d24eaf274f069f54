import { Badge } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useContactAutoPayment } from '../api/auto-payments-api';
import { getAutoPaymentAccess } from '../utils/display';

export const AUTO_PAY_ON_DUE_DATE = 'Auto-pay on due date';

export type AutoPayInvoiceHintProps = {
  businessId: string;
  customerId: string;
  invoiceId: string;
  permissions: readonly string[] | undefined;
};

/**
 * On an open invoice: 'Auto-pay on due date' when its customer has authorised auto payments (ACCEPTED)
 * and this invoice's auto payment was not stopped, canceled or already made. Nothing without the read
 * right on customer auto payments.
 */
export const AutoPayInvoiceHint = ({
  businessId,
  customerId,
  invoiceId,
  permissions,
}: AutoPayInvoiceHintProps) => {
  const { canRead } = getAutoPaymentAccess(permissions, 'PAYEE');
  const query = useContactAutoPayment(businessId, customerId, canRead);
  const data = query.data;
  if (!canRead || data?.mapping?.status !== 'ACCEPTED') return null;
  const run = data.upcoming.find((candidate) => candidate.invoiceId === invoiceId);
  if (run && run.status !== 'SCHEDULED') return null;
  return (
    <Badge
      variant="light"
      color="indigo"
      radius="sm"
      tt="none"
      leftSection={<IconBolt size={12} aria-hidden />}
    >
      {AUTO_PAY_ON_DUE_DATE}
    </Badge>
  );
};
