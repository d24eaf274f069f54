import { APPROVAL_CONDITION_OPERATORS, type ApprovalConditionOperator } from '@ferry/domain';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconPlus, IconX } from '@tabler/icons-react';
import type { VendorOption } from '../api/get-vendor-options';
import { OPERATOR_LABELS } from '../utils/policy-display';
import { type AmountFormValues, newAmountCondition } from '../utils/policy-form';
import { VendorSelect } from './vendor-select';

export type ConditionsEditorProps = {
  businessId: string;
  amount: AmountFormValues | null;
  vendors: VendorOption[] | null;
  onAmountChange: (amount: AmountFormValues | null) => void;
  onVendorsChange: (vendors: VendorOption[] | null) => void;
  amountError?: string | undefined;
  vendorsError?: string | undefined;
};

const OPERATOR_OPTIONS = APPROVAL_CONDITION_OPERATORS.map((operator) => ({
  value: operator,
  label: OPERATOR_LABELS[operator],
}));

const MoneyInput = ({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number | string;
  onChange: (value: number | string) => void;
  error: boolean;
}) => (
  <NumberInput
    label={label}
    value={value}
    onChange={onChange}
    prefix="$"
    thousandSeparator=","
    decimalScale={2}
    allowNegative={false}
    min={0}
    hideControls
    placeholder="$0.00"
    error={error}
    w={180}
  />
);

const RemoveCondition = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Tooltip label="Remove condition" withArrow>
    <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick} mt={26}>
      <IconX size={16} aria-hidden />
    </ActionIcon>
  </Tooltip>
);

/**
 * The IF block of the editor (spec 001 §3): a bill amount condition (less than, greater than or in
 * between, with one or two amounts) and/or a vendors condition; a bill must meet every condition added.
 */
export const ConditionsEditor = ({
  businessId,
  amount,
  vendors,
  onAmountChange,
  onVendorsChange,
  amountError,
  vendorsError,
}: ConditionsEditorProps) => {
  const setOperator = (operator: ApprovalConditionOperator) =>
    amount && onAmountChange({ ...amount, operator });
  return (
    <Stack gap="md">
      {amount === null && vendors === null ? (
        <Text size="sm" c="dimmed">
          Add at least one condition: a bill amount, vendors, or both.
        </Text>
      ) : null}
      {amount ? (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
          <Stack gap={6}>
            <Group gap="md" align="flex-start" wrap="wrap">
              <Select
                label="Bill amount"
                data={OPERATOR_OPTIONS}
                value={amount.operator}
                onChange={(value) => value && setOperator(value as ApprovalConditionOperator)}
                allowDeselect={false}
                w={180}
                comboboxProps={{ withinPortal: true }}
              />
              {amount.operator !== 'lessThan' ? (
                <MoneyInput
                  label={amount.operator === 'inBetween' ? 'From' : 'Amount'}
                  value={amount.min}
                  onChange={(min) => onAmountChange({ ...amount, min })}
                  error={Boolean(amountError)}
                />
              ) : null}
              {amount.operator !== 'greaterThan' ? (
                <MoneyInput
                  label={amount.operator === 'inBetween' ? 'To' : 'Amount'}
                  value={amount.max}
                  onChange={(max) => onAmountChange({ ...amount, max })}
                  error={Boolean(amountError)}
                />
              ) : null}
              <RemoveCondition
                label="Remove the bill amount condition"
                onClick={() => onAmountChange(null)}
              />
            </Group>
            {amountError ? (
              <Text size="sm" c="red.8" role="alert">
                {amountError}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {vendors ? (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <VendorSelect
                businessId={businessId}
                value={vendors}
                onChange={onVendorsChange}
                error={vendorsError}
              />
            </div>
            <RemoveCondition label="Remove the vendors condition" onClick={() => onVendorsChange(null)} />
          </Group>
        </Paper>
      ) : null}
      {amount === null || vendors === null ? (
        <Group>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                Add condition
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item disabled={amount !== null} onClick={() => onAmountChange(newAmountCondition())}>
                Bill amount
              </Menu.Item>
              <Menu.Item disabled={vendors !== null} onClick={() => onVendorsChange([])}>
                Vendors
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ) : null}
    </Stack>
  );
};
