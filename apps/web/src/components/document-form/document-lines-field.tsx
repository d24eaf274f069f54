import type { AccountingItemView, ChartAccountView } from '@ferry/domain';
import { formatMoney } from '@ferry/domain';
import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { DocumentFormErrors, DocumentLineForm } from './document-form';

export type DocumentLinesFieldProps = {
  lines: DocumentLineForm[];
  lineAmountsCents: number[];
  items: AccountingItemView[];
  accounts: ChartAccountView[];
  errors: DocumentFormErrors;
  /** The kind's limits (BILL_LIMITS, INVOICE_LIMITS). */
  limits: { maxLines: number; descriptionMax: number };
  onChange: (index: number, patch: Partial<DocumentLineForm>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/**
 * A bill's or an invoice's line items: an item or an account (expense accounts and purchased items for
 * bills, income accounts and items sold for invoices), description, quantity, unit price, amount.
 */
export const DocumentLinesField = ({
  lines,
  lineAmountsCents,
  items,
  accounts,
  errors,
  limits,
  onChange,
  onAdd,
  onRemove,
}: DocumentLinesFieldProps) => {
  const targets = [
    { group: 'Items', items: items.map((item) => ({ value: `item:${item.id}`, label: item.name })) },
    {
      group: 'Accounts',
      items: accounts.map((account) => ({ value: `account:${account.id}`, label: account.name })),
    },
  ];
  return (
    <Stack gap="xs">
      <Text fw={600} id="document-lines-label">
        Line items
      </Text>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table verticalSpacing="xs" aria-labelledby="document-lines-label">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="26%">Item / Account</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th w={100}>Qty</Table.Th>
              <Table.Th w={130}>Unit price</Table.Th>
              <Table.Th w={120} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const n = index + 1;
              const targetError = errors[`lines.${index}.itemId`] ?? errors[`lines.${index}.chartAccountId`];
              return (
                <Table.Tr key={line.key}>
                  <Table.Td valign="top">
                    <Select
                      aria-label={`Line ${n} item or account`}
                      placeholder="Select an item or account"
                      data={targets}
                      value={line.target}
                      onChange={(value) => onChange(index, { target: value })}
                      searchable
                      nothingFoundMessage="Nothing found"
                      error={targetError}
                    />
                  </Table.Td>
                  <Table.Td valign="top">
                    <TextInput
                      aria-label={`Line ${n} description`}
                      value={line.description}
                      maxLength={limits.descriptionMax}
                      onChange={(e) => onChange(index, { description: e.currentTarget.value })}
                      error={errors[`lines.${index}.description`]}
                    />
                  </Table.Td>
                  <Table.Td valign="top">
                    <TextInput
                      aria-label={`Line ${n} quantity`}
                      inputMode="decimal"
                      value={line.quantity}
                      onChange={(e) => onChange(index, { quantity: e.currentTarget.value })}
                      error={errors[`lines.${index}.quantity`]}
                    />
                  </Table.Td>
                  <Table.Td valign="top">
                    <TextInput
                      aria-label={`Line ${n} unit price`}
                      inputMode="decimal"
                      leftSection="$"
                      value={line.unitPrice}
                      onChange={(e) => onChange(index, { unitPrice: e.currentTarget.value })}
                      error={errors[`lines.${index}.unitPrice`]}
                    />
                  </Table.Td>
                  <Table.Td valign="top" ta="right" pt={14}>
                    <Text size="sm" data-testid={`line-${n}-amount`}>
                      {formatMoney(lineAmountsCents[index] ?? 0)}
                    </Text>
                  </Table.Td>
                  <Table.Td valign="top">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      mt={4}
                      aria-label={`Remove line ${n}`}
                      disabled={lines.length === 1}
                      onClick={() => onRemove(index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.lines ? (
        <Text size="sm" c="red" role="alert">
          {errors.lines}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
          disabled={lines.length >= limits.maxLines}
        >
          Add line
        </Button>
      </Group>
    </Stack>
  );
};
