import { Divider, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoLink } from './logo-link';
import { SandboxBadge } from './sandbox-badge';

export type AppHeaderProps = {
  /** Filled by the business-switcher issue. */
  businessSwitcher?: ReactNode;
  /** Filled by the sign-in issue (avatar, profile, sign out). */
  userMenu?: ReactNode;
};

/** The app header: logo, business switcher, the "Sandbox" badge (sandbox only) and the user menu. */
export const AppHeader = ({ businessSwitcher, userMenu }: AppHeaderProps) => (
  <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
    <Group gap="md" wrap="nowrap">
      <LogoLink />
      {businessSwitcher ? (
        <>
          <Divider orientation="vertical" />
          <div data-slot="business-switcher">{businessSwitcher}</div>
        </>
      ) : null}
    </Group>
    <Group gap="md" wrap="nowrap">
      <SandboxBadge />
      {userMenu ? <div data-slot="user-menu">{userMenu}</div> : null}
    </Group>
  </Group>
);
