import { BENEFICIAL_OWNERS_MAX, VERIFICATION_MESSAGES } from '@ferry/domain';
import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import type { BeneficialView } from '../api/get-beneficial-owners';
import { useUpdateBeneficialOwners } from '../api/update-beneficial-owners';
import {
  countOwners,
  emptyOwnerRow,
  listInvitees,
  OWNERS_LIST_ERROR,
  type OwnersValues,
  toOwnersFormPath,
  toOwnersRequest,
  toOwnersValues,
  validateOwners,
} from '../utils/owners-form';
import { ControlPersonFields } from './control-person-fields';
import { OwnerRow } from './owner-row';
import { OwnersReadOnly } from './owners-read-only';
import { PersonStatus } from './person-status';

export const OWNERS_SAVED_MESSAGE = 'The owners were saved.';

export type OwnersStepProps = {
  businessId: string;
  view: BeneficialView;
  /** Whether invitations may be sent again (edit right, or the verification is under way). */
  canResend: boolean;
  onBack: () => void;
  /** After 'Submit for verification' went through, with the status the server answered. */
  onSubmitted: (status: string | null | undefined) => void;
};

/** Step 3: the control person and the owners of 25% or more; saved, then submitted for verification. */
export const OwnersStep = (props: OwnersStepProps) =>
  props.view.canEdit ? (
    <OwnersForm {...props} />
  ) : (
    <OwnersReadOnly
      businessId={props.businessId}
      view={props.view}
      canResend={props.canResend}
      onBack={props.onBack}
    />
  );

type PendingAction = 'save' | 'submit' | null;

const OwnersForm = ({ businessId, view, canResend, onBack, onSubmitted }: OwnersStepProps) => {
  const update = useUpdateBeneficialOwners(businessId);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [pending, setPending] = useState<PendingAction>(null);
  const form = useForm<OwnersValues>({
    mode: 'controlled',
    initialValues: toOwnersValues(view),
    validate: validateOwners,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const ownerCount = countOwners(values);
  const atMax = ownerCount >= BENEFICIAL_OWNERS_MAX;
  const selfOwner = view.owners.find((owner) => owner.isSelf);
  const invitees = listInvitees(values);

  const send = async (submit: boolean) => {
    setFailure(null);
    const body = toOwnersRequest(form.getValues(), submit);
    if (!body) return;
    setPending(submit ? 'submit' : 'save');
    try {
      const saved = await update.mutateAsync(body);
      if (submit) {
        onSubmitted(saved.status);
      } else {
        // The saved people now have ids: start again from them (status badges, resend).
        form.setValues(toOwnersValues(saved));
        form.resetDirty();
        notifications.show({ color: 'teal', title: 'Owners saved', message: OWNERS_SAVED_MESSAGE });
      }
    } catch (error) {
      const fieldErrors: Record<string, string> = {};
      if (isApiError(error)) {
        for (const { field, message } of error.errors) {
          fieldErrors[toOwnersFormPath(field, form.getValues())] = message;
        }
      }
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(getErrorMessage(error));
    } finally {
      setPending(null);
      setIsConfirmOpen(false);
    }
  };

  const handleSave = () => {
    if (form.validate().hasErrors) return;
    void send(false);
  };

  const handleSubmit = () => {
    if (form.validate().hasErrors) return;
    setIsConfirmOpen(true);
  };

  const listError = form.errors[OWNERS_LIST_ERROR];
  const total = [
    values.self.owns ? values.self.ownershipPercent : 0,
    ...values.owners.map((o) => o.ownershipPercent),
  ]
    .map((value) => Number(value) || 0)
    .reduce((sum, value) => sum + value, 0);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <Stack gap="xl">
        <ControlPersonFields
          form={form}
          businessId={businessId}
          saved={view.controlPerson}
          canResend={canResend}
        />

        <Stack gap="sm" component="section" aria-labelledby="owners-title">
          <Title order={3} fz="md" id="owners-title">
            Owners with 25% or more
          </Title>
          <Text size="sm" c="dimmed">
            Everyone who owns 25% or more of the business, directly or indirectly, up to{' '}
            {BENEFICIAL_OWNERS_MAX} people. Each of them verifies their identity.
          </Text>
          <Checkbox label="I own 25% or more" {...form.getInputProps('self.owns', { type: 'checkbox' })} />
          {values.self.owns ? (
            <Group align="flex-end" gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                <NumberInput
                  label="Your ownership %"
                  min={25}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  withAsterisk
                  {...form.getInputProps('self.ownershipPercent')}
                />
              </SimpleGrid>
              {selfOwner ? (
                <PersonStatus businessId={businessId} person={selfOwner} kind="owner" canResend={false} />
              ) : null}
            </Group>
          ) : null}
          {values.owners.map((row, index) => (
            <OwnerRow
              key={row.key}
              form={form}
              index={index}
              businessId={businessId}
              saved={view.owners.find((owner) => owner.id === row.personId)}
              canResend={canResend}
            />
          ))}
          <Group justify="space-between" align="center">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={atMax}
              onClick={() => form.insertListItem('owners', emptyOwnerRow())}
            >
              Add owner
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {ownerCount > 0
                ? `Listed: ${ownerCount} of ${BENEFICIAL_OWNERS_MAX} · together ${total}%`
                : null}
            </Text>
          </Group>
          {atMax ? (
            <Text size="xs" c="dimmed">
              {VERIFICATION_MESSAGES.ownersMax}
            </Text>
          ) : null}
          {listError ? (
            <Text size="sm" c="red.8" role="alert">
              {listError}
            </Text>
          ) : null}
        </Stack>

        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={pending !== null}>
            Back
          </Button>
          <Button
            variant="light"
            onClick={handleSave}
            loading={pending === 'save'}
            disabled={pending === 'submit'}
          >
            Save
          </Button>
          <Button type="submit" disabled={pending === 'save'}>
            Submit for verification
          </Button>
        </Group>
      </Stack>

      <Dialog
        opened={isConfirmOpen}
        onClose={() => (pending ? undefined : setIsConfirmOpen(false))}
        title="Submit for verification?"
      >
        <Stack gap="md">
          {invitees.length > 0 ? (
            <>
              <Text size="sm">
                We will email an invitation to verify their identity to the other people listed:
              </Text>
              <Stack gap={2} component="ul" m={0} pl="lg">
                {invitees.map((email) => (
                  <Text component="li" size="sm" key={email}>
                    {email}
                  </Text>
                ))}
              </Stack>
            </>
          ) : (
            <Text size="sm">We will send your business details to our verification partner.</Text>
          )}
          <Text size="sm" c="dimmed">
            The details can no longer be changed while they are in review.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirmOpen(false)} disabled={pending !== null}>
              Cancel
            </Button>
            <Button loading={pending === 'submit'} onClick={() => void send(true)}>
              Confirm and submit
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </form>
  );
};
