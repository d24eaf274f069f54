import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { MobileNotice } from '@/components/mobile-notice';
import { queryConfig } from '@/lib/react-query';
import { cssVariablesResolver, theme } from './theme';

export { queryConfig, USER_QUERY_STALE_TIME } from '@/lib/react-query';

export const createQueryClient = () => new QueryClient({ defaultOptions: queryConfig });

export type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Every app-wide provider: theme, notifications, server-state cache and the mobile notice. */
export const AppProvider = ({ children, queryClient }: AppProviderProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} />
      <QueryClientProvider client={client}>
        {children}
        <MobileNotice />
      </QueryClientProvider>
    </MantineProvider>
  );
};
