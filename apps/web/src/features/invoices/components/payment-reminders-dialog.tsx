import {
  DEFAULT_REMINDER_SETTINGS,
  PAYMENT_REQUEST_LIMITS,
  PAYMENT_REQUEST_MESSAGES,
  type ReminderSettings,
  reminderSettingsSchema,
} from '@ferry/domain';
import { Button, Center, Checkbox, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useReminderSettings, useSaveReminderSettings } from '../api/invoices-api';

export const REMINDERS_TITLE = 'Payment reminders';
export const REMINDERS_NOTE = 'Customers get at most one reminder a day for each invoice, by email.';
export const BEFORE_DAYS_LABEL = 'Days before the due date';
export const AFTER_DAYS_LABEL = 'Repeat every (days)';

type DaysValue = number | string;

/** The form: each choice's checkbox, and its day count kept while it is unchecked (null sends nothing). */
type ReminderForm = {
  enabled: boolean;
  before: boolean;
  beforeDays: DaysValue;
  onDueDate: boolean;
  after: boolean;
  afterDays: DaysValue;
};

type FieldErrors = { beforeDueDays?: string; afterDueEveryDays?: string; choices?: string };

const toForm = (settings: ReminderSettings): ReminderForm => ({
  enabled: settings.enabled,
  before: settings.beforeDueDays !== null,
  beforeDays: settings.beforeDueDays ?? DEFAULT_REMINDER_SETTINGS.beforeDueDays ?? '',
  onDueDate: settings.onDueDate,
  after: settings.afterDueEveryDays !== null,
  afterDays: settings.afterDueEveryDays ?? DEFAULT_REMINDER_SETTINGS.afterDueEveryDays ?? '',
});

/** The body of the PUT, checked with the domain's schema; or the messages to show at the fields. */
const toSettings = (form: ReminderForm): { settings: ReminderSettings } | { errors: FieldErrors } => {
  const parsed = reminderSettingsSchema.safeParse({
    enabled: form.enabled,
    beforeDueDays: form.before ? form.beforeDays : null,
    onDueDate: form.onDueDate,
    afterDueEveryDays: form.after ? form.afterDays : null,
  });
  if (parsed.success) return { settings: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'enabled' ? 'choices' : issue.path[0];
    if (key === 'beforeDueDays' || key === 'afterDueEveryDays' || key === 'choices') {
      errors[key] ??= issue.message;
    }
  }
  return { errors };
};

/** The server's field errors (a 400 on the PUT) at the same fields. */
const serverFieldErrors = (error: unknown): FieldErrors => {
  if (!isApiError(error)) return {};
  const errors: FieldErrors = {};
  for (const { field, message } of error.errors) {
    if (field === 'beforeDueDays' || field === 'afterDueEveryDays') errors[field] ??= message;
    if (field === 'enabled') errors.choices ??= message;
  }
  return errors;
};

export type PaymentRemindersDialogProps = {
  businessId: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * 'Payment reminders' (GET/PUT payment-requests/reminder-settings): whether the customers of open payment
 * requests are reminded automatically, and when — N days before the due date, on the due date, every N
 * days once overdue (at most one reminder a day per invoice, by email).
 */
export const PaymentRemindersDialog = ({ businessId, opened, onClose }: PaymentRemindersDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={REMINDERS_TITLE}>
    {/* The dialog's body mounts on each opening, so the settings are read afresh every time. */}
    <PaymentRemindersBody businessId={businessId} onClose={onClose} />
  </Dialog>
);

const PaymentRemindersBody = ({ businessId, onClose }: { businessId: string; onClose: () => void }) => {
  const query = useReminderSettings(businessId);
  if (query.isPending) {
    return (
      <Center py="lg" role="status" aria-label="Loading reminder settings">
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }
  return <ReminderSettingsForm businessId={businessId} initial={query.data} onClose={onClose} />;
};

const ReminderSettingsForm = ({
  businessId,
  initial,
  onClose,
}: {
  businessId: string;
  initial: ReminderSettings;
  onClose: () => void;
}) => {
  const save = useSaveReminderSettings(businessId);
  const [form, setForm] = useState<ReminderForm>(() => toForm(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = (patch: Partial<ReminderForm>, clear: (keyof FieldErrors)[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of clear) delete next[key];
      return next;
    });
    setFailure(null);
  };

  const submit = () => {
    const result = toSettings(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate(result.settings, {
      onSuccess: () => {
        // The API client unwraps the envelope, so the server's message (this very text) is the domain's.
        notifications.show({ color: 'teal', message: PAYMENT_REQUEST_MESSAGES.reminderSettingsSaved });
        onClose();
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        setFailure(getErrorMessage(error));
      },
    });
  };

  const days = {
    min: PAYMENT_REQUEST_LIMITS.reminderDaysMin,
    max: PAYMENT_REQUEST_LIMITS.reminderDaysMax,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
    w: 80,
    size: 'xs' as const,
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Switch
          label="Send reminders automatically"
          checked={form.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked }, ['choices'])}
        />
        <Stack
          gap="sm"
          role="group"
          aria-label="When to remind"
          aria-describedby={errors.choices ? 'reminder-choices-error' : undefined}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Checkbox
              mt={4}
              label="Before the due date"
              checked={form.before}
              onChange={(event) =>
                change({ before: event.currentTarget.checked }, ['beforeDueDays', 'choices'])
              }
            />
            <NumberInput
              {...days}
              aria-label={BEFORE_DAYS_LABEL}
              disabled={!form.before}
              value={form.beforeDays}
              onChange={(value) => change({ beforeDays: value }, ['beforeDueDays'])}
              error={errors.beforeDueDays}
            />
            <Text size="sm" mt={4}>
              days before
            </Text>
          </Group>
          <Checkbox
            label="On the due date"
            checked={form.onDueDate}
            onChange={(event) => change({ onDueDate: event.currentTarget.checked }, ['choices'])}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Checkbox
              mt={4}
              label="After the due date, every"
              checked={form.after}
              onChange={(event) =>
                change({ after: event.currentTarget.checked }, ['afterDueEveryDays', 'choices'])
              }
            />
            <NumberInput
              {...days}
              aria-label={AFTER_DAYS_LABEL}
              disabled={!form.after}
              value={form.afterDays}
              onChange={(value) => change({ afterDays: value }, ['afterDueEveryDays'])}
              error={errors.afterDueEveryDays}
            />
            <Text size="sm" mt={4}>
              days
            </Text>
          </Group>
          {errors.choices ? (
            <Text id="reminder-choices-error" size="sm" c="red" role="alert">
              {errors.choices}
            </Text>
          ) : null}
        </Stack>
        <Text size="sm" c="dimmed">
          {REMINDERS_NOTE}
        </Text>
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
