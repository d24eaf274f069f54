import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { useBusinessAccess } from '@/lib/business-access';
import { getUsersAccess } from '../utils/access';

/** The add-user and change-role forms need manage on Users; others see the not-allowed state. */
export const ManageUsersGate = ({ businessId, children }: { businessId: string; children: ReactNode }) => {
  const businessQuery = useBusinessAccess(businessId);
  if (businessQuery.isError) {
    return <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  }
  if (!businessQuery.data) return <PageLoader label="Loading..." />;
  if (!getUsersAccess(businessQuery.data).canManage) {
    return (
      <Alert color="gray" variant="light" role="note">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  }
  return children;
};
