import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { MobileNotice } from '@/components/mobile-notice';
import { queryConfig } from '@/lib/react-query';
import { cssVariablesResolver, theme } from './theme';

export { queryConfig, USER_QUERY_STALE_TIME } from '@/lib/react-query';

/**
 * The notification stack loads after the first page (no page shows a notification before it has
 * rendered; one shown while it loads appears once it has).
 */
const Notifications = lazy(() => import('./notifications').then((m) => ({ default: m.Notifications })));

export const createQueryClient = () => new QueryClient({ defaultOptions: queryConfig });

export type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Every app-wide provider: theme, notifications, server-state cache and the mobile notice. */
export const AppProvider = ({ children, queryClient }: AppProviderProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-right" limit={4} />
      </Suspense>
      <QueryClientProvider client={client}>
        {children}
        <MobileNotice />
      </QueryClientProvider>
    </MantineProvider>
  );
};
