import { Select } from '@mantine/core';
import type { PayFromOption } from './pay-from';

export type PayFromSelectProps = {
  options: PayFromOption[];
  value: string | null;
  onChange: (id: string | null) => void;
  loading?: boolean;
  disabled?: boolean;
  /** The §5 message for an unusable choice ('Please select a verified bank account.'). */
  error?: string | null;
  label?: string;
};

const optionText = (option: PayFromOption) =>
  option.note ? `${option.label} (${option.note})` : option.label;

/**
 * 'Pay From' (spec 002 §2): the payer's bank accounts and cards in one select. Banks that are not verified
 * are listed with their state; choosing one shows the §5 message, and the caller keeps Pay disabled.
 */
export const PayFromSelect = ({
  options,
  value,
  onChange,
  loading = false,
  disabled = false,
  error,
  label = 'Pay From',
}: PayFromSelectProps) => {
  const banks = options.filter((o) => o.kind === 'BANK');
  const cards = options.filter((o) => o.kind === 'CARD');
  const data = [
    ...(banks.length > 0
      ? [{ group: 'Bank accounts', items: banks.map((o) => ({ value: o.id, label: optionText(o) })) }]
      : []),
    ...(cards.length > 0
      ? [{ group: 'Cards', items: cards.map((o) => ({ value: o.id, label: optionText(o) })) }]
      : []),
  ];
  return (
    <Select
      label={label}
      withAsterisk
      placeholder={loading ? 'Loading your accounts…' : 'Select a bank account or card'}
      data={data}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      disabled={disabled || loading}
      nothingFoundMessage="No bank account or card yet"
      error={error ?? undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
