import { APPROVAL_TEXTS, type ApprovalDelegation, formatDate } from '@ferry/domain';
import { Alert, Button, Group, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { localToday } from '@/components/pay/process-date';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useDelegateOptions, useSaveDelegation } from '../api/approval-delegation';
import {
  DELEGATION_FIELDS,
  DELEGATION_TEXT,
  type DelegationField,
  type DelegationFormValues,
  memberNameOf,
  validateDelegationForm,
} from '../utils/delegation';

export type DelegationDialogProps = {
  businessId: string;
  opened: boolean;
  /** The delegation being changed; none when naming a first delegate. */
  current: ApprovalDelegation | null;
  onClose: () => void;
};

type DelegateOption = { value: string; label: string; detail: string | null };

const fieldId = (field: DelegationField) => `approval-delegation-${field}`;

const focusFirstError = (errors: Record<string, unknown>) => {
  setTimeout(() => {
    const first = DELEGATION_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, 0);
};

const laterOf = (a: string, b: string) => (a > b ? a : b);
const earlierOf = (a: string, b: string) => (a < b ? a : b);

const DelegationForm = ({ businessId, current, onClose }: Omit<DelegationDialogProps, 'opened'>) => {
  const today = useMemo(localToday, []);
  const optionsQuery = useDelegateOptions(businessId);
  const save = useSaveDelegation(businessId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DelegationFormValues>({
    mode: 'controlled',
    initialValues: current
      ? { delegateUserId: current.delegate.id, startsOn: current.startsOn, endsOn: current.endsOn }
      : { delegateUserId: '', startsOn: today, endsOn: '' },
    validate: validateDelegationForm,
  });

  const options: DelegateOption[] = (optionsQuery.data ?? []).flatMap((member) =>
    member.userId === null
      ? []
      : [
          {
            value: member.userId,
            label: memberNameOf(member),
            detail: `${member.user.email} · ${member.roleDetails.name}`,
          },
        ],
  );
  // The current delegate stays shown even when they may no longer approve (saving then says so).
  if (current && !options.some((option) => option.value === current.delegate.id)) {
    options.push({ value: current.delegate.id, label: current.delegate.name, detail: null });
  }
  const byId = new Map(options.map((option) => [option.value, option]));
  const noDelegates = optionsQuery.isSuccess && options.length === 0;

  const renderOption: SelectProps['renderOption'] = ({ option, checked }) => (
    <Group gap="sm" wrap="nowrap" w="100%">
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {option.label}
        </Text>
        {byId.get(option.value)?.detail ? (
          <Text size="xs" c="dimmed" truncate>
            {byId.get(option.value)?.detail}
          </Text>
        ) : null}
      </Stack>
      {checked ? <IconCheck size={16} aria-hidden /> : null}
    </Group>
  );

  const submit = form.onSubmit(
    async (values) => {
      if (save.isPending) return;
      setFailure(null);
      try {
        await save.mutateAsync(values);
        notifications.show({ color: 'teal', message: DELEGATION_TEXT.saved });
        onClose();
      } catch (error) {
        const onFields = isApiError(error)
          ? error.errors.filter((e): e is typeof e & { field: DelegationField } =>
              DELEGATION_FIELDS.some((field) => field === e.field),
            )
          : [];
        if (onFields.length > 0) {
          const errors = Object.fromEntries(onFields.map((e) => [e.field, e.message]));
          form.setErrors(errors);
          focusFirstError(errors);
        } else {
          setFailure(getErrorMessage(error));
        }
      }
    },
    (errors) => focusFirstError(errors),
  );

  const dateProps = (field: 'startsOn' | 'endsOn') => ({
    id: fieldId(field),
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
    error: form.errors[field],
    withAsterisk: true,
    valueFormat: 'MMM D, YYYY',
    placeholder: 'Pick a date',
    leftSection: <IconCalendar size={16} aria-hidden />,
    getDayAriaLabel: (day: string) => formatDate(day),
    popoverProps: { hideDetached: false },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{DELEGATION_TEXT.explanation}</Text>
        <Select
          id={fieldId('delegateUserId')}
          label={DELEGATION_TEXT.delegateLabel}
          description={DELEGATION_TEXT.delegateDescription}
          withAsterisk
          placeholder={optionsQuery.isPending ? DELEGATION_TEXT.loadingMembers : 'Choose a member'}
          data={options.map(({ value, label }) => ({ value, label }))}
          value={form.values.delegateUserId || null}
          onChange={(value) => form.setFieldValue('delegateUserId', value ?? '')}
          error={form.errors.delegateUserId}
          disabled={optionsQuery.isPending}
          searchable
          nothingFoundMessage={options.length === 0 ? APPROVAL_TEXTS.noUsersAvailable : 'No members found'}
          renderOption={renderOption}
          comboboxProps={{ withinPortal: true }}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          data-autofocus
        />
        {noDelegates ? (
          <Text size="sm" c="dimmed" role="status">
            {DELEGATION_TEXT.noDelegates}
          </Text>
        ) : null}
        {optionsQuery.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{`Error loading data: ${getErrorMessage(optionsQuery.error)}`}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void optionsQuery.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Group grow align="flex-start" gap="sm">
          <DatePickerInput
            label={DELEGATION_TEXT.fromLabel}
            {...dateProps('startsOn')}
            minDate={current ? earlierOf(today, current.startsOn) : today}
          />
          <DatePickerInput
            label={DELEGATION_TEXT.untilLabel}
            {...dateProps('endsOn')}
            minDate={laterOf(today, form.values.startsOn || today)}
          />
        </Group>
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {DELEGATION_TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={noDelegates}>
            {DELEGATION_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * Names (or changes) who approves in the member's place between two days: a member who can approve
 * bills, From and Until. The shared request schema checks the form; the server's answer on a field shows
 * on that field.
 */
export const DelegationDialog = ({ opened, onClose, ...props }: DelegationDialogProps) => (
  <Dialog
    opened={opened}
    onClose={onClose}
    title={props.current ? DELEGATION_TEXT.changeTitle : DELEGATION_TEXT.name}
  >
    {opened ? <DelegationForm {...props} onClose={onClose} /> : null}
  </Dialog>
);
