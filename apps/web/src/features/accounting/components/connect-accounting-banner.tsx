import { paths } from '@ferry/domain';
import { Alert, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBusinessAccess } from '@/lib/business-access';
import { useConnection } from '../api/get-connection';
import { ADMIN_ONLY_TEXT, accountingStatusOf, isAccountingAdmin } from '../utils/access';

const DISMISS_KEY = 'ferry.accountingBannerDismissed';

const isDismissed = (businessId: string): boolean => {
  try {
    return window.sessionStorage.getItem(`${DISMISS_KEY}.${businessId}`) === 'true';
  } catch {
    return false;
  }
};

const dismiss = (businessId: string): void => {
  try {
    window.sessionStorage.setItem(`${DISMISS_KEY}.${businessId}`, 'true');
  } catch {
    // Dismissed for this page only.
  }
};

export const CONNECT_BANNER_TEXT =
  'Connect your accounting software to bring in your bills and keep payments in step with your books.';

/**
 * The bills list's banner while accounting software is not connected (spec 002 §2 'warning banner with
 * Connect Now'): 'Connect Now' to the integration settings for the Admin, disabled (with why) for
 * everyone else; dismissable for the session.
 */
export const ConnectAccountingBanner = ({ businessId }: { businessId: string }) => {
  const business = useBusinessAccess(businessId).data;
  const connectionQuery = useConnection(businessId);
  const [dismissed, setDismissed] = useState(() => isDismissed(businessId));
  if (dismissed || !business || connectionQuery.isPending || connectionQuery.isError) return null;
  const connection = connectionQuery.data;
  const status = connection?.status ?? accountingStatusOf(business);
  if (status === 'CONNECTED') return null;
  const isAdmin = isAccountingAdmin(business);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlugConnected size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        dismiss(businessId);
        setDismissed(true);
      }}
      aria-label="Accounting software not connected"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{CONNECT_BANNER_TEXT}</Text>
        {isAdmin ? (
          <Button component={Link} to={paths.settingsIntegration(businessId)} size="xs">
            Connect Now
          </Button>
        ) : (
          <Tooltip label={ADMIN_ONLY_TEXT} withArrow>
            <Button size="xs" data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
              Connect Now
            </Button>
          </Tooltip>
        )}
      </Group>
    </Alert>
  );
};
