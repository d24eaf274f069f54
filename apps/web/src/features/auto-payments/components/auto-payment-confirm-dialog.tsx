import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';

/** The dialogs' optional tick (spec 002 §2: disable, cancel and revoke dialogs). */
export const ALSO_CANCEL_SCHEDULED_LABEL = 'Also cancel auto payments already scheduled or requested';

export type AutoPaymentConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for the actions that stop payments. */
  danger?: boolean;
  /** Offer the 'also cancel scheduled or requested' tick. */
  withAlsoCancel?: boolean;
  /** Keep the confirm button disabled (e.g. until a usable choice is made in `children`). */
  confirmDisabled?: boolean;
  /** Runs the change; a failure is shown in the dialog, which then stays open. */
  onConfirm: (alsoCancelScheduled: boolean) => Promise<unknown>;
};

const ConfirmForm = ({
  onClose,
  children,
  confirmLabel,
  danger = false,
  withAlsoCancel = false,
  confirmDisabled = false,
  onConfirm,
}: Omit<AutoPaymentConfirmDialogProps, 'opened' | 'title'>) => {
  const [alsoCancel, setAlsoCancel] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirmDisabled) return;
    setFailure(null);
    setPending(true);
    try {
      await onConfirm(alsoCancel);
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        {withAlsoCancel ? (
          <Checkbox
            label={ALSO_CANCEL_SCHEDULED_LABEL}
            checked={alsoCancel}
            onChange={(event) => setAlsoCancel(event.currentTarget.checked)}
          />
        ) : null}
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Go back
          </Button>
          <Button
            type="submit"
            color={danger ? 'red' : undefined}
            loading={pending}
            disabled={confirmDisabled}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * A confirm dialog of the auto-payment card (request, disable, cancel, revoke, cancel request, decline,
 * 'Don't pay this one', change the payment method): labelled by its title; the form is mounted only while open, so the tick and the
 * error start fresh every time.
 */
export const AutoPaymentConfirmDialog = ({ opened, title, ...props }: AutoPaymentConfirmDialogProps) => (
  <Dialog opened={opened} onClose={props.onClose} title={title} size={520}>
    {opened ? <ConfirmForm {...props} /> : null}
  </Dialog>
);
