import type { BusinessUser } from '@ferry/domain';
import { paths } from '@ferry/domain';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconMailForward, IconMailOff, IconUserCog, IconUserMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getUserName, isInvitation } from '../utils/display';

export type UserRowActionsProps = {
  businessId: string;
  user: BusinessUser;
  onResend: (user: BusinessUser) => void;
  onRevoke: (user: BusinessUser) => void;
  onRemove: (user: BusinessUser) => void;
};

/**
 * A row's actions (spec 001 §2): Change role; Remove for a member (never for yourself); Resend invitation
 * and Revoke for a pending or expired invitation.
 */
export const UserRowActions = ({ businessId, user, onResend, onRevoke, onRemove }: UserRowActionsProps) => {
  const name = getUserName(user);
  const invitation = isInvitation(user);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={paths.settingsUserEdit(businessId, user.id)}
          leftSection={<IconUserCog size={16} aria-hidden />}
        >
          Change role
        </Menu.Item>
        {invitation ? (
          <>
            <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => onResend(user)}>
              Resend invitation
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconMailOff size={16} aria-hidden />}
              onClick={() => onRevoke(user)}
            >
              Revoke invitation
            </Menu.Item>
          </>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconUserMinus size={16} aria-hidden />}
            onClick={() => onRemove(user)}
          >
            Remove
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};
