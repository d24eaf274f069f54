import { useParams } from 'react-router';
import { IntegrationPage } from '@/features/accounting/components/integration-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/integration`, accounting software. */
export function Component() {
  const { businessId = '' } = useParams();
  return <IntegrationPage businessId={businessId} />;
}
