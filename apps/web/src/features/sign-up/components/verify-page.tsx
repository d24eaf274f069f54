import { isPrimaryPhoneVerified } from '@ferry/domain';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { usePhoneRequired } from '@/lib/phone-required';
import { USER_QUERY_KEY } from '@/lib/session';
import { getPathAfterVerification } from '../utils/next-step';
import { AuthShell } from './auth-shell';
import { SignUpStep } from './sign-up-step';
import { SignedInAs } from './signed-in-as';
import { UserLoading, useSignedInUser } from './user-loading';
import { VerifyEmailStep } from './verify-email-step';
import { VerifyPhoneStep } from './verify-phone-step';

/**
 * `/verify` (spec 000 §2, §4): email, then the primary mobile number (only in the deployment's phone
 * verification countries), then on to the next step. The user is refetched after each verification.
 */
export function VerifyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signedIn, userQuery, user } = useSignedInUser();
  const phoneRequired = usePhoneRequired(user?.country, user !== undefined);
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
  if (userQuery.isError || !user || phoneRequired === undefined) {
    content = <UserLoading userQuery={userQuery} />;
  } else {
    content = (
      <Stack gap="lg">
        <SignUpStep step={1} />
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
