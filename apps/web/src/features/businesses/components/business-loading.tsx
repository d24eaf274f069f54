import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import type { Business } from '@/lib/businesses';

export type BusinessLoadingProps = {
  query: UseQueryResult<Business>;
  children: (business: Business) => ReactNode;
};

/** A business page's content once its business is loaded; the loader before, the error if it failed. */
export const BusinessLoading = ({ query, children }: BusinessLoadingProps) => {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader label="Loading your business..." />;
  return <>{children(query.data)}</>;
};
