import { type GuestLink, paths, type UserProfile } from '@ferry/domain';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-error';
import { getGuestToken } from '@/lib/guest-landing';
import { useCurrentUser } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';
import { useHasSession } from '@/lib/use-has-session';
import { MappingPendingError, useAutoPayLink, useAutoPayMapping } from '../api/auto-pay-api';
import { type AutoPayPage, autoPayHref, autoPayPageFor, isAutoPayLink } from '../utils/route';

/** What every /process/auto-pay/* page knows once the guard let it through. */
export type AutoPayContext = {
  token: string;
  link: GuestLink;
  mappingId: string;
  /** Where the guard would send this viewer. */
  target: AutoPayPage;
  user: UserProfile | null;
  isGuest: boolean;
};

export type AutoPayGuardProps = {
  /** The page asking; it is shown when `accept` says so (by default: when it is the guard's target). */
  page: AutoPayPage | 'mapping-check';
  accept?: (context: AutoPayContext) => boolean;
  /**
   * The email link's entry pages: an ACTIVE user whose business holds the accepted mapping goes to that
   * business's home instead of the result page (spec 002 §4 'Guard flow').
   */
  homeWhenAccepted?: boolean;
  loadingLabel?: string;
  children: (context: AutoPayContext) => ReactNode;
};

/** A link the server refuses for good (unknown, expired, used), or one whose mapping never came. */
const isDeadLink = (error: unknown): boolean =>
  error instanceof MappingPendingError ||
  (isApiError(error) && [400, 401, 404, 409, 410, 422].includes(error.statusCode));

/** The stored guest info keeps the link's token for the whole flow (sign-in comes back to it). */
const keepToken = (token: string) => {
  if (getStored('guestPaymentInfo')?.token !== token) {
    setStored('guestPaymentInfo', { token, paymentType: 'AUTO_PAYMENT' });
  }
};

/**
 * The guard shared by the /process/auto-pay/* pages (spec 000 §4 'Guard for auto-payment links'):
 * `POST /guest/link {token}` — an unknown link or another invitation type → /invalid-link, 403 (an
 * unsupported country, among others) → /unauthorized; then the page the mapping's status and the viewer
 * call for (autoPayPageFor).
 */
export const AutoPayGuard = ({
  page,
  accept,
  homeWhenAccepted = false,
  loadingLabel = 'Opening your link...',
  children,
}: AutoPayGuardProps) => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || getGuestToken();
  const link = useAutoPayLink(token);
  const signedIn = useHasSession();
  const userQuery = useCurrentUser({ enabled: signedIn });
  const user = signedIn ? (userQuery.data ?? null) : null;
  const status = link.data?.autoPaymentStatus ?? null;
  const mappingId = link.data?.autoPaymentMappingId ?? '';
  const checkHome =
    homeWhenAccepted && user?.activeStatus === 'ACTIVE' && status === 'ACCEPTED' && mappingId !== '';
  const mapping = useAutoPayMapping(checkHome ? mappingId : null);

  useEffect(() => {
    if (link.data && isAutoPayLink(link.data)) keepToken(token);
  }, [link.data, token]);

  if (!token) return <Navigate to={paths.invalidLink()} replace />;
  if (link.isError) {
    if (isApiError(link.error) && link.error.statusCode === 403) {
      return <Navigate to={paths.unauthorized()} replace />;
    }
    if (isDeadLink(link.error)) return <Navigate to={paths.invalidLink()} replace />;
    return (
      <AuthLayout title="We could not open your link">
        <ErrorState error={link.error} onRetry={() => void link.refetch()} />
      </AuthLayout>
    );
  }
  if (link.isPending || (signedIn && userQuery.isPending) || (checkHome && mapping.isPending)) {
    return <PageLoader fullScreen label={loadingLabel} />;
  }
  const info = link.data;
  if (!isAutoPayLink(info) || !info.autoPaymentMappingId || !info.autoPaymentStatus) {
    return <Navigate to={paths.invalidLink()} replace />;
  }
  const isGuest = user?.activeStatus === 'GUEST_ACTIVE' && getGuestToken() === token;
  const target = autoPayPageFor(info.autoPaymentStatus, {
    activeStatus: user?.activeStatus ?? null,
    isGuestOfLink: isGuest,
  });
  if (checkHome && mapping.data?.side === 'PAYER' && mapping.data.payerId) {
    return <Navigate to={paths.businessHome(mapping.data.payerId)} replace />;
  }
  const context: AutoPayContext = {
    token,
    link: info,
    mappingId: info.autoPaymentMappingId,
    target,
    user,
    isGuest,
  };
  const shown = accept ? accept(context) : target === page;
  if (!shown) return <Navigate to={autoPayHref(target, token)} replace />;
  return <>{children(context)}</>;
};
