import { isId } from '@ferry/domain';
import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SandboxProvidersBanner } from '@/components/sandbox-providers-banner';
import { BusinessSwitcher } from '@/features/businesses/components/business-switcher';
import { useHasSession } from '@/lib/use-has-session';
import { useActiveBusinessId } from '@/lib/use-stored-value';
import { AppHeader, type AppHeaderProps } from './app-header';
import { AppNavbar } from './app-navbar';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

export const MAIN_CONTENT_ID = 'main-content';

export type AppLayoutProps = AppHeaderProps;

/**
 * The signed-in shell: header (logo, business switcher and user menu slots), the business sidebar when a
 * business is known (route `:businessId`, else the stored active business), and the page in `<main>`.
 * Business routes (`/b/:businessId/...`) mount as its children. The business switcher and the user menu
 * (name, 'Change password', 'Sign out') show only while a session is stored.
 */
export const AppLayout = ({ businessSwitcher, userMenu }: AppLayoutProps) => {
  const params = useParams();
  const storedBusinessId = useActiveBusinessId();
  const routeBusinessId = params.businessId && isId(params.businessId) ? params.businessId : null;
  const businessId = routeBusinessId ?? storedBusinessId;
  const signedIn = useHasSession();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={businessId ? { width: 252, breakpoint: 'xs' } : undefined}
      padding="xl"
      styles={{ root: { background: 'var(--ferry-page-bg)', minHeight: '100dvh' } }}
    >
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <AppShell.Header withBorder>
        <AppHeader
          businessSwitcher={businessSwitcher ?? (signedIn ? <BusinessSwitcher /> : undefined)}
          userMenu={signedIn ? (userMenu ?? <UserMenu />) : undefined}
        />
      </AppShell.Header>
      {businessId ? (
        <AppShell.Navbar aria-label="Main" withBorder>
          <AppNavbar businessId={businessId} />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <SandboxProvidersBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
};
