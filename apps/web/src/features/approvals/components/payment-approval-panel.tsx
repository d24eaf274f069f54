import type { PaymentApproval, PaymentView } from '@ferry/domain';
import { Divider, Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { actionBarModel } from '../utils/action-bar';
import { ApprovalActionBar } from './approval-action-bar';
import { ApprovalLog } from './approval-log';

export type PaymentApprovalPanelProps = {
  businessId: string;
  payment: PaymentView & { approval: PaymentApproval | null };
};

/**
 * The approval panel of a payment that went through an approval policy (nothing otherwise): the approval
 * log, then what the signed-in member may do about it (the action bar).
 */
export const PaymentApprovalPanel = ({ businessId, payment }: PaymentApprovalPanelProps) => {
  const titleId = useId();
  const { approval } = payment;
  if (!approval) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          Approvals
        </Title>
        <ApprovalLog approval={approval} />
        {actionBarModel(approval).kind === 'none' ? null : <Divider />}
        <ApprovalActionBar businessId={businessId} payment={payment} approval={approval} />
      </Stack>
    </Paper>
  );
};
