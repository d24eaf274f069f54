import { getInitials, paths } from '@ferry/domain';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DeferredMenu } from '@/components/deferred-menu';
import { getStoredUser, useCurrentUser } from '@/lib/session';
import { useSignOut } from '@/lib/sign-out';
import { useStoredRaw } from '@/lib/use-stored-value';

/** Where 'Change password' leads (the page belongs to the passwords work). */
export const CHANGE_PASSWORD_HREF = '/account/password';

/**
 * The signed-in user's menu in the header: who is signed in, 'Team Members' for an accountant (spec 001
 * §6), 'Change password' and 'Sign out' (spec 000 §4 "Sign-out").
 */
export const UserMenu = () => {
  const userRaw = useStoredRaw('user');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the raw value is the change signal
  const storedUser = useMemo(() => getStoredUser(), [userRaw]);
  const { data } = useCurrentUser();
  const user = data ?? storedUser;
  const { signOut, isPending } = useSignOut();

  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  const email = user?.email ?? '';
  const label = name || email || 'Your account';
  const isAccountant = user?.userType === 'ACCOUNTANT';

  // The header never scrolls away, so the dropdown need not hide when its button is out of view.
  return (
    <DeferredMenu
      menuProps={{
        position: 'bottom-end',
        width: 260,
        shadow: 'md',
        withinPortal: true,
        hideDetached: false,
      }}
      target={
        <UnstyledButton
          aria-label={`Account menu for ${label}`}
          p={4}
          pr={8}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="ferry" radius="xl" size={34} aria-hidden>
              {getInitials(label) || null}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate aria-hidden>
              {name || email}
            </Text>
            <IconChevronDown size={16} stroke={1.8} aria-hidden />
          </Group>
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <>
          <Group gap="sm" wrap="nowrap" px="sm" py="xs">
            <Avatar color="ferry" radius="xl" size={38} aria-hidden>
              {getInitials(label) || null}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              {name ? (
                <Text size="sm" fw={600} truncate>
                  {name}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" truncate>
                {email}
              </Text>
            </div>
          </Group>
          <Menu.Divider />
          {isAccountant ? (
            <Menu.Item
              component={Link}
              to={paths.teamMembers()}
              leftSection={<IconUsersGroup size={16} aria-hidden />}
            >
              Team Members
            </Menu.Item>
          ) : null}
          <Menu.Item
            component={Link}
            to={CHANGE_PASSWORD_HREF}
            leftSection={<IconKey size={16} aria-hidden />}
          >
            Change password
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={isPending}
            onClick={() => void signOut()}
          >
            Sign out
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
};
