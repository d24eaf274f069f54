import { emailSchema, firstNameSchema, lastNameSchema, paths } from '@ferry/domain';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { OneTimeCodeDialog } from '@/components/one-time-code-dialog';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { startSession, USER_QUERY_KEY } from '@/lib/session';
import { startGuest, useGuestLink, verifyGuestEmail } from '../api/guest-api';
import { fieldError } from '../utils/field-error';
import { getGuestToken, storeGuestSession, storeGuestToken } from '../utils/guest-storage';
import { requestedAutoPayText, START_HEADING, sentYouText } from '../utils/texts';
import { guestUnauthorizedHref } from '../utils/unauthorized';
import { useFirstCode } from '../utils/use-first-code';

export const EMAIL_CODE_TITLE = 'Verify Your Email';

type Values = { email: string; firstName: string; lastName: string };
type Errors = Partial<Record<keyof Values, string>>;

/** A link the server does not know, or one that expired or was used up: not worth a retry. */
const isDeadLink = (error: unknown): boolean =>
  isApiError(error) && [400, 401, 403, 404, 409, 410, 422].includes(error.statusCode);

export type GuestStartPageProps = {
  /**
   * 'auto-pay': `/process/auto-pay/info` (spec 000 §1): the greeting says the payee requested automatic
   * payments, the invited email is locked behind a 'Modify email' link, a 'Sign in' link leads existing
   * users to the auto-payment mapping check, and the email code leads to /process/auto-pay/method.
   */
  variant?: 'payment' | 'auto-pay';
};

/**
 * `/process/payment/start?token=…` (spec 000 §2 'Start payment', §4): what the link is about, the invited
 * email pre-filled, names only for a new person; Continue sends the email code, the code dialog makes the
 * guest session, then the flow goes on at /process/payment.
 */
export const GuestStartPage = ({ variant = 'payment' }: GuestStartPageProps) => {
  const isAutoPay = variant === 'auto-pay';
  const [emailLocked, setEmailLocked] = useState(isAutoPay);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || getGuestToken();
  const link = useGuestLink(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [values, setValues] = useState<Values>({ email: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const prefilled = useRef(false);
  const withNames = link.data?.isNewUser ?? false;
  const requestCode = () =>
    startGuest({
      token,
      email: values.email.trim(),
      ...(withNames ? { firstName: values.firstName.trim(), lastName: values.lastName.trim() } : {}),
    });
  // The first code is sent by Continue; 'Get a new code' asks again.
  const firstCode = useFirstCode(requestCode);

  useEffect(() => {
    if (!link.data) return;
    storeGuestToken(token, isAutoPay ? 'AUTO_PAYMENT' : link.data.paymentType);
    if (!prefilled.current) {
      prefilled.current = true;
      setValues((current) => ({ ...current, email: link.data.email }));
    }
  }, [link.data, token, isAutoPay]);

  if (!token) return <Navigate to={guestUnauthorizedHref('link')} replace />;
  if (link.isError && isDeadLink(link.error)) return <Navigate to={guestUnauthorizedHref('link')} replace />;
  if (link.isPending) return <PageLoader fullScreen label="Opening your link..." />;
  if (link.isError) {
    return (
      <AuthLayout title={START_HEADING}>
        <ErrorState error={link.error} onRetry={() => void link.refetch()} />
      </AuthLayout>
    );
  }

  const info = link.data;
  const askNames = info.isNewUser;

  const validate = (next: Values): Errors => {
    const found: Errors = {};
    const email = fieldError(emailSchema, next.email);
    if (email) found.email = email;
    if (askNames) {
      const first = fieldError(firstNameSchema, next.firstName);
      const last = fieldError(lastNameSchema, next.lastName);
      if (first) found.firstName = first;
      if (last) found.lastName = last;
    }
    return found;
  };

  const setField = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Only the invited address may use the link (the server answers 403 otherwise).
    if (values.email.trim().toLowerCase() !== info.email.trim().toLowerCase()) {
      navigate(guestUnauthorizedHref('email'), { replace: true });
      return;
    }
    setIsStarting(true);
    try {
      const started = await requestCode();
      firstCode.keep(started.requestId);
      setCodeOpen(true);
    } catch (error) {
      if (isApiError(error) && error.statusCode === 403) {
        navigate(guestUnauthorizedHref('email'), { replace: true });
        return;
      }
      const named: Errors = {};
      if (isApiError(error)) {
        for (const item of error.errors) {
          if (item.field === 'email' || item.field === 'firstName' || item.field === 'lastName')
            named[item.field] ??= item.message;
        }
      }
      if (Object.keys(named).length > 0) setErrors(named);
      else setFormError(getErrorMessage(error));
    } finally {
      setIsStarting(false);
    }
  };

  const verifyCode = async ({ requestId, otp }: { requestId: string; otp: string }) => {
    const session = await verifyGuestEmail({ token, requestId, otp });
    storeGuestSession(session);
    try {
      const profile = await startSession({ token: session.token, sessionId: session.sessionId });
      queryClient.setQueryData(USER_QUERY_KEY, profile);
    } catch {
      // The session is stored; the next page loads what it needs itself.
    }
    navigate(
      isAutoPay ? `${paths.autoPayMethod()}?token=${encodeURIComponent(token)}` : paths.guestPayment(),
      {
        replace: true,
      },
    );
  };

  return (
    <AuthLayout
      title={START_HEADING}
      description={
        isAutoPay
          ? requestedAutoPayText(info.senderBusinessName)
          : sentYouText(info.senderBusinessName, info.paymentType, info.amount)
      }
    >
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={isAutoPay ? 'Authorize auto payments' : 'Start payment'}
      >
        <Stack gap="md">
          <ErrorAlert>{formError}</ErrorAlert>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            data-autofocus
            autoFocus={!emailLocked}
            readOnly={emailLocked}
            value={values.email}
            onChange={(event) => setField('email', event.currentTarget.value)}
            onBlur={() => setErrors((current) => ({ ...current, email: validate(values).email }))}
            error={errors.email}
            {...(emailLocked
              ? {
                  rightSectionWidth: 110,
                  rightSection: (
                    <Anchor component="button" type="button" size="sm" onClick={() => setEmailLocked(false)}>
                      Modify email
                    </Anchor>
                  ),
                }
              : {})}
          />
          {askNames ? (
            <Group grow align="flex-start" gap="md">
              <TextInput
                label="First name"
                autoComplete="given-name"
                withAsterisk
                value={values.firstName}
                onChange={(event) => setField('firstName', event.currentTarget.value)}
                onBlur={() => setErrors((current) => ({ ...current, firstName: validate(values).firstName }))}
                error={errors.firstName}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                withAsterisk
                value={values.lastName}
                onChange={(event) => setField('lastName', event.currentTarget.value)}
                onBlur={() => setErrors((current) => ({ ...current, lastName: validate(values).lastName }))}
                error={errors.lastName}
              />
            </Group>
          ) : null}
          <Text size="xs" c="dimmed">
            We will send a 6-digit code to this email to confirm it is you.
          </Text>
          <Button type="submit" size="md" fullWidth loading={isStarting}>
            Continue
          </Button>
          {isAutoPay ? (
            <Text ta="center" size="sm" c="dimmed">
              Already have a Ferry account?{' '}
              <Anchor component={Link} to={paths.signin(paths.autoPayBusinessMappingCheck())}>
                Sign in
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      </form>
      <OneTimeCodeDialog
        opened={codeOpen}
        onClose={() => setCodeOpen(false)}
        title={EMAIL_CODE_TITLE}
        description={`Enter the 6-digit code we sent to ${values.email.trim()}.`}
        sendCode={firstCode.sendCode}
        verifyCode={verifyCode}
      />
    </AuthLayout>
  );
};
