import { ACCESS_DENIED_MESSAGE, BILL_MESSAGES, paths } from '@ferry/domain';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { useBusinessAccess } from '@/lib/business-access';
import { useBillDetail } from '../api/bills-api';
import { canManageBills } from '../utils/access';
import { isBillEditable } from '../utils/bill-form';
import { CreateBillPage } from './create-bill-page';

/**
 * `/b/{id}/bills/{billId}/edit` (issue 15): the create-bill form in edit mode for an unpaid bill; a bill
 * with money scheduled or paid on it says it can no longer be edited (the server refuses it as well).
 */
export function EditBillPage() {
  const { businessId = '', billId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const billQuery = useBillDetail(businessId, billId);
  if (billQuery.isPending || businessQuery.isPending) return <PageLoader label="Loading bill" />;
  if (billQuery.isError)
    return <ErrorState error={billQuery.error} onRetry={() => void billQuery.refetch()} />;
  if (businessQuery.isError) {
    return <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  }
  const bill = billQuery.data;
  const blocked = !canManageBills(businessQuery.data)
    ? ACCESS_DENIED_MESSAGE
    : isBillEditable(bill)
      ? null
      : BILL_MESSAGES.notEditable;
  if (blocked) {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="alert">
          {blocked}
        </Alert>
        <Anchor component={Link} to={paths.billMakePayment(businessId, bill.id)} size="sm">
          Back to the bill
        </Anchor>
      </Stack>
    );
  }
  return <CreateBillPage key={bill.id} bill={bill} />;
}
