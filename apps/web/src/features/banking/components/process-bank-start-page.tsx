import { paths } from '@ferry/domain';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';

export const BANK_PROCESS_ACTIONS = ['verify', 'reconnect'] as const;
export type BankProcessAction = (typeof BANK_PROCESS_ACTIONS)[number];

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The bank list with the dialog the email asked for: `?verify={accountId}` or `?reconnect={accountId}`. */
export const bankProcessTarget = (businessId: string, accountId: string, action: BankProcessAction): string =>
  `${paths.settingsBankAccount(businessId)}?${action}=${encodeURIComponent(accountId)}`;

/**
 * `/process/bank/start?businessId&accountId&action=verify|reconnect` for a signed-in user (spec 000 §2; the
 * bank emails' links): checks the business can be opened, then goes to the bank list, where the right dialog
 * opens. A malformed link goes to /invalid-link; a 403 goes to /unauthorized (the API client does it).
 */
export const ProcessBankStartPage = () => {
  const [searchParams] = useSearchParams();
  const businessId = searchParams.get('businessId') ?? '';
  const accountId = searchParams.get('accountId') ?? '';
  const action = searchParams.get('action') ?? '';
  const valid =
    ID.test(businessId) && ID.test(accountId) && (BANK_PROCESS_ACTIONS as readonly string[]).includes(action);
  const business = useBusinessAccess(valid ? businessId : '');

  if (!valid) return <Navigate to={paths.invalidLink()} replace />;
  if (business.isError) {
    if (isApiError(business.error) && business.error.statusCode === 403) return <PageLoader fullScreen />;
    return <Navigate to={paths.invalidLink()} replace />;
  }
  if (!business.data) return <PageLoader fullScreen label="Opening your bank account..." />;
  return <Navigate to={bankProcessTarget(businessId, accountId, action as BankProcessAction)} replace />;
};
