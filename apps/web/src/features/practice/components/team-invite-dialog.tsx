import {
  SETTINGS_API_MESSAGES,
  type TeamMember,
  type TeamMemberInvite,
  teamMemberInviteSchema,
} from '@ferry/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useInviteTeamMember, useUpdateTeamInvite } from '../api/team-member-mutations';
import { getTeamMemberName } from '../utils/display';
import { schemaFieldErrors, serverFieldErrors } from '../utils/form-errors';

export type TeamInviteDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The pending invitation to edit; without it the dialog invites someone new. */
  member?: TeamMember | null;
};

const validate = (values: TeamMemberInvite) => schemaFieldErrors(teamMemberInviteSchema, values);

/**
 * Invite Team Member (spec 001 §2, §5: name of at least 3 characters and a valid email), or Edit invitation
 * of a pending member (changing the email sends a new link; the old one stops working).
 */
export const TeamInviteDialog = ({ opened, onClose, member }: TeamInviteDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={member ? 'Edit invitation' : 'Invite Team Member'}>
    {/* Keyed so that every opening starts from the member's (or empty) values. */}
    {opened ? <TeamInviteForm key={member?.id ?? 'new'} member={member ?? null} onDone={onClose} /> : null}
  </Dialog>
);

const TeamInviteForm = ({ member, onDone }: { member: TeamMember | null; onDone: () => void }) => {
  const invite = useInviteTeamMember();
  const update = useUpdateTeamInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TeamMemberInvite>({
    mode: 'controlled',
    initialValues: member
      ? { name: getTeamMemberName(member), email: member.user.email }
      : { name: '', email: '' },
    validate,
    validateInputOnBlur: true,
  });
  const isPending = invite.isPending || update.isPending;

  const handleSubmit = async (values: TeamMemberInvite) => {
    setFailure(null);
    const body = { name: values.name.trim().replace(/\s+/g, ' '), email: values.email.trim() };
    try {
      if (member?.invitationId) {
        await update.mutateAsync({ invitationId: member.invitationId, body });
        notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.teamInviteUpdated });
      } else {
        await invite.mutateAsync(body);
        notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.teamInviteSent });
      }
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error, ['name', 'email']);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        return;
      }
      const message = isApiError(error) ? error.message : '';
      // An error about the email (already on the team, your own address) goes under the field.
      if (/email/i.test(message)) form.setFieldError('email', message);
      else setFailure(getErrorMessage(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => void handleSubmit(values),
        (errors) => document.getElementById(errors.name ? 'team-invite-name' : 'team-invite-email')?.focus(),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {member
            ? 'Correct the name or email. A changed email gets a new invitation; the old link stops working.'
            : 'They get an email to join your practice. You can then add them to your client businesses.'}
        </Text>
        <ErrorAlert>{failure}</ErrorAlert>
        <TextInput
          id="team-invite-name"
          label="Name"
          placeholder="First and last name"
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <TextInput
          id="team-invite-email"
          label="Email"
          type="email"
          placeholder="name@practice.com"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            {member ? 'Save' : 'Send invitation'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
