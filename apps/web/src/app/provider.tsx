import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { MobileNotice } from '@/components/mobile-notice';
import { createQueryClient } from '@/lib/react-query';
import { cssVariablesResolver, theme } from './theme';

export { createQueryClient, queryConfig, USER_QUERY_STALE_TIME } from '@/lib/react-query';

const Notifications = lazy(() => import('./notifications').then((m) => ({ default: m.Notifications })));

/**
 * The notification stack, loaded with the first notification (`notifications.show` only touches the
 * small store): a page that never shows one does not download it. Once loaded it stays.
 */
const NotificationStack = () => {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} />
    </Suspense>
  );
};

export type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Every app-wide provider: theme, notifications, server-state cache and the mobile notice. */
export const AppProvider = ({ children, queryClient }: AppProviderProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationStack />
      <QueryClientProvider client={client}>
        {children}
        <MobileNotice />
      </QueryClientProvider>
    </MantineProvider>
  );
};
