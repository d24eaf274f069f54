import { ACCESS_DENIED_MESSAGE, paths } from '@ferry/domain';
import { Alert, Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconBellRinging, IconLock, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useBusinessAccess } from '@/lib/business-access';
import { useInvoicesSummary } from '../api/invoices-api';
import { canManageInvoices, canReadInvoices, canReadReceivedPayments } from '../utils/invoice-access';
import { INVOICES_TOUR_TARGETS } from './invoices-tour';
import { PaymentRemindersDialog } from './payment-reminders-dialog';

type InvoicesTab = 'invoices' | 'payments';

const tabOf = (pathname: string): InvoicesTab =>
  /\/invoices\/payment\/list\/?$/.test(pathname) ? 'payments' : 'invoices';

/**
 * The invoices area `/b/{id}/invoices` (spec 002 §2): the title with 'Create invoice' and, on the
 * Invoices tab, 'Payment reminders' (both with manage on due invoices) and the tabs — Invoices, with the open invoices' count badge above 0, shown with read on due
 * invoices, and Payments (the payments received, `/invoices/payment/list`) with read on payments
 * received (§6). A tab the member may not read says so instead.
 */
export function InvoicesArea({
  children,
  headerActions,
}: {
  children: ReactNode;
  /** More header buttons, given by the app (the accounting sync button). */
  headerActions?: ReactNode;
}) {
  const { businessId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const business = useBusinessAccess(businessId).data;
  const canRead = business ? canReadInvoices(business) : false;
  const canReadPayments = business ? canReadReceivedPayments(business) : false;
  const summaryQuery = useInvoicesSummary(businessId, { enabled: canRead });
  const [remindersOpen, setRemindersOpen] = useState(false);
  if (!business) return <PageLoader label="Loading invoices" />;
  const open = summaryQuery.data?.totalOutstanding.total ?? 0;
  const active = tabOf(pathname);
  const allowed = active === 'payments' ? canReadPayments : canRead;

  return (
    <Stack gap="xl" maw={1120}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1} fz={30} lts="-0.02em">
          Invoices
        </Title>
        <Group gap="sm">
          {headerActions}
          {canManageInvoices(business) ? (
            <>
              {active === 'invoices' ? (
                <Button
                  variant="default"
                  leftSection={<IconBellRinging size={16} aria-hidden />}
                  onClick={() => setRemindersOpen(true)}
                >
                  Payment reminders
                </Button>
              ) : null}
              <Button
                component={Link}
                to={paths.invoiceCreate(businessId)}
                leftSection={<IconPlus size={16} aria-hidden />}
                data-tour={INVOICES_TOUR_TARGETS.create}
              >
                Create invoice
              </Button>
              <PaymentRemindersDialog
                businessId={businessId}
                opened={remindersOpen}
                onClose={() => setRemindersOpen(false)}
              />
            </>
          ) : null}
        </Group>
      </Group>
      {canRead || canReadPayments ? (
        <Tabs
          value={allowed ? active : null}
          onChange={(value) =>
            void navigate(
              value === 'payments' ? paths.invoicePayments(businessId) : paths.invoices(businessId),
            )
          }
          keepMounted={false}
        >
          <Tabs.List aria-label="Invoices areas">
            {canRead ? (
              <Tabs.Tab
                value="invoices"
                rightSection={
                  open > 0 ? (
                    <Badge size="sm" variant="light" circle={open < 10} aria-label={`${open} open invoices`}>
                      {open}
                    </Badge>
                  ) : null
                }
              >
                Invoices
              </Tabs.Tab>
            ) : null}
            {canReadPayments ? <Tabs.Tab value="payments">Payments</Tabs.Tab> : null}
          </Tabs.List>
        </Tabs>
      ) : null}
      {allowed ? (
        children
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
          {ACCESS_DENIED_MESSAGE}
        </Alert>
      )}
    </Stack>
  );
}
