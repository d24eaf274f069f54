import { isPrimaryPhoneVerified } from '@ferry/domain';
import { Stack, Stepper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { hasSession, USER_QUERY_KEY, useCurrentUser } from '@/lib/session';
import { usePhoneRequired } from '../api/verification';
import { getPathAfterVerification } from '../utils/next-step';
import { AuthShell } from './auth-shell';
import { SignedInAs } from './signed-in-as';
import { VerifyEmailStep } from './verify-email-step';
import { VerifyPhoneStep } from './verify-phone-step';

/**
 * `/verify` (spec 000 §2, §4): email, then the primary mobile number (only in the deployment's phone
 * verification countries), then on to the next step. The user is refetched after each verification.
 */
export function VerifyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = hasSession();
  const userQuery = useCurrentUser({ enabled: signedIn });

  const user = userQuery.data;
  const phoneRequired = usePhoneRequired(user);
  const isEmailDone = Boolean(user?.isEmailVerified);
  const isPhoneDone = Boolean(user && (phoneRequired === false || isPrimaryPhoneVerified(user)));
  const nextPath =
    user && phoneRequired !== undefined && isEmailDone && isPhoneDone
      ? getPathAfterVerification(user, phoneRequired)
      : null;

  useEffect(() => {
    if (nextPath) void navigate(nextPath, { replace: true });
  }, [navigate, nextPath]);

  if (!signedIn) return <Navigate to={paths.signIn.getHref()} replace />;

  const refreshUser = () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });

  let content: React.ReactNode;
  if (userQuery.isError) {
    content = <ErrorState error={userQuery.error} onRetry={() => void userQuery.refetch()} />;
  } else if (!user || phoneRequired === undefined) {
    content = <PageLoader label="Loading your account..." />;
  } else {
    const steps = phoneRequired ? ['Email', 'Mobile', 'Done'] : ['Email', 'Done'];
    const active = !isEmailDone ? 0 : !isPhoneDone ? 1 : steps.length;
    content = (
      <Stack gap={32}>
        <Stepper active={active} size="sm" aria-label="Verification steps">
          {steps.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
        {!isEmailDone ? (
          <VerifyEmailStep user={user} refreshUser={refreshUser} />
        ) : !isPhoneDone ? (
          <VerifyPhoneStep user={user} refreshUser={refreshUser} />
        ) : (
          <PageLoader label="All verified. Taking you to the next step..." />
        )}
      </Stack>
    );
  }

  return (
    <AuthShell cardWidth={520} headerAction={<SignedInAs email={user?.email} />}>
      {content}
    </AuthShell>
  );
}
