import { formatDate } from '@ferry/domain';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { getErrorMessage } from '@/lib/api-error';
import type { PersonView } from '../api/get-beneficial-owners';
import { useResendInvite } from '../api/resend-invite';
import { fullName, getPersonStatusView } from '../utils/status';

export const INVITE_RESENT_MESSAGE = 'The invitation was sent again.';

export type PersonStatusProps = {
  businessId: string;
  person: PersonView;
  kind: 'owner' | 'control-person';
  /** Whether this member may send invitations again (edit right, or the verification is under way). */
  canResend: boolean;
};

/**
 * A listed person's identity status badge; for someone invited (not the signed-in user) when the
 * invitation went out and a 'Resend invite' button that confirms inline and with a toast.
 */
export const PersonStatus = ({ businessId, person, kind, canResend }: PersonStatusProps) => {
  const resend = useResendInvite(businessId);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const view = getPersonStatusView(person.identityStatus);
  const name = person.isSelf ? 'you' : fullName(person) || person.email;
  const invited = !person.isSelf && person.identityStatus === 'INVITED' && Boolean(person.invitationSentAt);

  const handleResend = async () => {
    setNote(null);
    try {
      await resend.mutateAsync({ personId: person.id, kind });
      setNote({ ok: true, text: INVITE_RESENT_MESSAGE });
      notifications.show({
        color: 'teal',
        title: 'Invitation sent',
        message: `We emailed ${person.email} their invitation again.`,
      });
    } catch (error) {
      setNote({ ok: false, text: getErrorMessage(error) });
    }
  };

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <StatusBadge label={view.label} colour={view.colour} />
      {invited && person.invitationSentAt ? (
        <Text size="xs" c="dimmed">
          Invited {formatDate(person.invitationSentAt)}
        </Text>
      ) : null}
      {invited && canResend ? (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconSend size={12} aria-hidden />}
          loading={resend.isPending}
          onClick={() => void handleResend()}
          aria-label={`Resend invite to ${name}`}
        >
          Resend invite
        </Button>
      ) : null}
      {note ? (
        <Text size="xs" c={note.ok ? 'teal.8' : 'red.8'} role="status">
          {note.text}
        </Text>
      ) : null}
    </Group>
  );
};
