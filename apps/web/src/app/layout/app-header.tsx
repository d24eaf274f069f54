import { Divider, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoLink } from './logo-link';

export type AppHeaderProps = {
  /** Filled by the business-switcher issue. */
  businessSwitcher?: ReactNode;
  /** Filled by the sign-in issue (avatar, profile, sign out). */
  userMenu?: ReactNode;
};

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
    {userMenu ? <div data-slot="user-menu">{userMenu}</div> : null}
  </Group>
);
