import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { ACCOUNT_TYPES, DOCUMENT_STATUSES, type FormShape } from '../utils/kinds';
import type { RecordFormErrors, RecordFormField, RecordFormValues } from '../utils/record-form';

export type RecordFieldsProps = {
  shape: FormShape;
  values: RecordFormValues;
  errors: RecordFormErrors;
  onChange: <F extends RecordFormField>(field: F, value: RecordFormValues[F]) => void;
  /** A document's contact: its label ('Vendor', 'Customer') and the choices. */
  contact?: { label: string; options: { value: string; label: string }[]; loading: boolean };
};

const MoneyInput = ({
  label,
  value,
  error,
  required,
  onChange,
}: {
  label: string;
  value: string | number;
  error: string | undefined;
  required?: boolean;
  onChange: (value: string | number) => void;
}) => (
  <NumberInput
    label={label}
    required={required}
    value={value}
    onChange={onChange}
    error={error}
    prefix="$"
    thousandSeparator=","
    decimalScale={2}
    min={0}
    allowNegative={false}
    hideControls
    inputMode="decimal"
  />
);

/** The fields of one kind's form (contact, account, item, or bill/invoice). */
export const RecordFields = ({ shape, values, errors, onChange, contact }: RecordFieldsProps) => {
  const text = (field: RecordFormField) => ({
    value: String(values[field]),
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(field, event.currentTarget.value as never),
  });

  switch (shape) {
    case 'contact':
      return (
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus maxLength={100} {...text('name')} />
          <TextInput label="Email" type="email" maxLength={254} {...text('email')} />
          <TextInput label="Phone" type="tel" maxLength={30} {...text('phone')} />
        </Stack>
      );
    case 'account':
      return (
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus maxLength={100} {...text('name')} />
          <TextInput label="Number" maxLength={20} {...text('number')} />
          <Select
            label="Type"
            placeholder="Not a type Ferry uses"
            data={ACCOUNT_TYPES.map((type) => ({ ...type }))}
            value={values.type || null}
            onChange={(value) => onChange('type', value ?? '')}
            error={errors.type}
            clearable
          />
        </Stack>
      );
    case 'item':
      return (
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus maxLength={100} {...text('name')} />
          <Textarea label="Description" maxLength={500} rows={2} {...text('description')} />
          <MoneyInput
            label="Price"
            value={values.unitPrice}
            error={errors.unitPrice}
            onChange={(value) => onChange('unitPrice', value)}
          />
          <Group gap="lg">
            <Checkbox
              label="Sold"
              checked={values.isSold}
              onChange={(event) => onChange('isSold', event.currentTarget.checked)}
            />
            <Checkbox
              label="Purchased"
              checked={values.isPurchased}
              onChange={(event) => onChange('isPurchased', event.currentTarget.checked)}
            />
          </Group>
        </Stack>
      );
    case 'document':
      return (
        <Stack gap="sm">
          <Select
            label={contact?.label ?? 'Contact'}
            required
            searchable
            data={contact?.options ?? []}
            value={values.contactRemoteId || null}
            onChange={(value) => onChange('contactRemoteId', value ?? '')}
            error={errors.contactRemoteId}
            placeholder={contact?.loading ? 'Loading…' : 'Choose one'}
            nothingFoundMessage="None found"
          />
          <TextInput label="Number" data-autofocus maxLength={50} {...text('number')} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="Date" type="date" required {...text('date')} />
            <TextInput label="Due date" type="date" {...text('dueDate')} />
            <MoneyInput
              label="Total"
              required
              value={values.total}
              error={errors.total}
              onChange={(value) => onChange('total', value)}
            />
            <MoneyInput
              label="Balance"
              required
              value={values.balance}
              error={errors.balance}
              onChange={(value) => onChange('balance', value)}
            />
          </SimpleGrid>
          <Select
            label="Status"
            data={DOCUMENT_STATUSES.map((status) => ({ ...status }))}
            value={values.status}
            onChange={(value) => onChange('status', value ?? 'OPEN')}
            error={errors.status}
            allowDeselect={false}
          />
          <Textarea label="Memo" maxLength={500} rows={2} {...text('memo')} />
        </Stack>
      );
  }
};
