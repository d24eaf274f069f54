import { formatDate, formatMoney, type GuestPaymentInfo } from '@ferry/domain';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { LabeledValue } from '@/components/labeled-value';

const dateOrDash = (value: string | null): string => (value ? formatDate(value) : '—');

/**
 * The left side of the guest payment-method screen: what is being paid (the invoice: payee, ref no,
 * dates, lines, total, due, payments already made) or, for a payment to accept, who pays how much.
 */
export const InvoiceSummary = ({ info }: { info: GuestPaymentInfo }) => {
  if (info.paymentType === 'RECEIVE_PAYMENT') {
    return (
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="guest-summary-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="guest-summary-title">
            Payment details
          </Title>
          <SimpleGrid cols={2} spacing="md">
            <LabeledValue label="From" value={info.payerBusinessName ?? '—'} />
            <LabeledValue label="Amount" value={formatMoney(info.amount)} />
            {info.refNo ? <LabeledValue label="Ref no" value={info.refNo} /> : null}
            {info.memo ? <LabeledValue label="Memo" value={info.memo} /> : null}
          </SimpleGrid>
        </Stack>
      </Paper>
    );
  }
  const paid = info.amount - info.amountToPay;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="guest-summary-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="lg" id="guest-summary-title">
            Invoice from {info.payeeBusinessName ?? '—'}
          </Title>
          {info.refNo ? <Text c="dimmed" size="sm">{`Ref no ${info.refNo}`}</Text> : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <LabeledValue label="Payee" value={info.payeeBusinessName ?? '—'} />
          <LabeledValue label="Invoice date" value={dateOrDash(info.invoiceDate)} />
          <LabeledValue label="Due date" value={dateOrDash(info.dueDate)} />
        </SimpleGrid>
        {info.lines.length > 0 ? (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" aria-label="Invoice lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {info.lines.map((line, index) => (
                  // Lines have no id of their own; their order is fixed.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={index}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.itemName}
                      </Text>
                      {line.description ? (
                        <Text size="xs" c="dimmed">
                          {line.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No line items on this invoice.
          </Text>
        )}
        <Divider />
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">Total</Text>
            <Text size="sm" fw={600}>
              {formatMoney(info.amount)}
            </Text>
          </Group>
          {paid > 0 ? (
            <Group justify="space-between">
              <Text size="sm">Paid or on its way</Text>
              <Text size="sm">{`− ${formatMoney(paid)}`}</Text>
            </Group>
          ) : null}
          <Group justify="space-between">
            <Text fw={650}>Amount due</Text>
            <Text fw={700}>{formatMoney(info.amountToPay)}</Text>
          </Group>
        </Stack>
        {info.memo ? (
          <Text size="sm" c="dimmed">
            {info.memo}
          </Text>
        ) : null}
        {info.payments.length > 0 ? (
          <Stack gap="xs" component="section" aria-labelledby="guest-payments-title">
            <Title order={3} fz="sm" id="guest-payments-title">
              Your payments
            </Title>
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
              {info.payments.map((payment) => (
                <Group component="li" key={payment.id} justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {formatMoney(payment.amount + payment.feeAmount)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`${payment.method === 'CARD' ? 'Card' : 'Bank'} · ${formatDate(payment.processDate)}`}
                    </Text>
                  </Stack>
                  <Badge variant="light">{payment.statusLabel}</Badge>
                </Group>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
};
