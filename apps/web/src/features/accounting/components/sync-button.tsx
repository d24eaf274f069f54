import { formatDateTime, paths, SYNC_BUTTON_TEXTS } from '@ferry/domain';
import { Button, Loader, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { useStartSync } from '../api/connection-actions';
import { useConnection } from '../api/get-connection';
import { accountingStatusOf } from '../utils/access';
import { formatTimeAgo } from '../utils/relative-time';
import { getSyncButtonState } from '../utils/sync-state';

export type SyncButtonProps = { businessId: string };

/**
 * The sync button of the bills, invoices and create pages' headers (spec 002 §4): nothing until an
 * accounting connection was made (or when it was skipped); 'Reconnect' when it is disconnected or expired
 * (to the integration settings); a disabled 'Syncing' while a run is in progress; 'Sync Failed - Retry'
 * after a failed run; 'Last Synced {time} ago' with the exact date in a tooltip. A click starts a sync.
 */
export const SyncButton = ({ businessId }: SyncButtonProps) => {
  const connectionQuery = useConnection(businessId);
  const business = useBusinessAccess(businessId).data;
  const startSync = useStartSync(businessId);
  const connection = connectionQuery.data;
  const state = startSync.isPending
    ? ({ kind: 'syncing' } as const)
    : getSyncButtonState(connection, accountingStatusOf(business));

  const sync = () => {
    if (!connection) return;
    startSync.mutate(connection.providerType, {
      onError: (error) => notifications.show({ color: 'red', message: getErrorMessage(error) }),
    });
  };

  switch (state.kind) {
    case 'hidden':
      return null;
    case 'reconnect':
      return (
        <Button
          component={Link}
          to={paths.settingsIntegration(businessId)}
          variant="light"
          color="yellow"
          leftSection={<IconPlugConnected size={16} aria-hidden />}
        >
          {SYNC_BUTTON_TEXTS.reconnect}
        </Button>
      );
    case 'syncing':
      return (
        <Button variant="default" disabled leftSection={<Loader size={14} aria-hidden />}>
          {SYNC_BUTTON_TEXTS.syncing}
        </Button>
      );
    case 'failed':
      return (
        <Button
          variant="light"
          color="red"
          onClick={sync}
          leftSection={<IconAlertTriangle size={16} aria-hidden />}
        >
          {SYNC_BUTTON_TEXTS.failed}
        </Button>
      );
    case 'synced':
      return (
        <Tooltip label={formatDateTime(state.at)} withArrow>
          <Button variant="default" onClick={sync} leftSection={<IconRefresh size={16} aria-hidden />}>
            {SYNC_BUTTON_TEXTS.lastSynced(formatTimeAgo(state.at))}
          </Button>
        </Tooltip>
      );
    case 'sync':
      return (
        <Button variant="default" onClick={sync} leftSection={<IconRefresh size={16} aria-hidden />}>
          Sync now
        </Button>
      );
  }
};
