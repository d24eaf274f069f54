import type { SandboxConsentRequest } from '@ferry/domain/schemas';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { readConsentQuery, useDecideSandboxConsent, useSandboxConsent } from '../api/consent';
import { browserLocation } from '../utils/browser-location';
import { BooksFrame } from './books-frame';
import { ConnectConsent } from './connect-consent';
import type { ConsentChoice } from './consent-decision';
import { FocusedTitle } from './focused-title';
import { SignInConsent } from './sign-in-consent';

const NOTICE =
  'Sandbox Books is Ferry’s built-in stand-in for an accounting system. Nothing here reaches the real vendor: allow or deny to send Ferry back the answer a real consent screen would.';

const fieldError = (error: unknown, pattern: RegExp): string | null =>
  isApiError(error) ? (error.errors.find((e) => pattern.test(e.field))?.message ?? null) : null;

/**
 * `/sandbox/books/authorize?providerType&state&redirectUri&purpose`: Sandbox Books' consent screen. It
 * asks `GET /sandbox/books/consent` what to show (CONNECT: the companies to share; SIGN_IN: who signs in),
 * sends Allow or Deny (`POST /sandbox/books/consent`) and follows the answer's `redirectUrl` back to Ferry.
 */
export const SandboxBooksConsentPage = () => {
  const [searchParams] = useSearchParams();
  const query = readConsentQuery(searchParams);
  const consent = useSandboxConsent(query);
  const decide = useDecideSandboxConsent();
  const [pending, setPending] = useState<ConsentChoice | null>(null);
  const [leaving, setLeaving] = useState(false);

  const purpose = consent.data?.purpose ?? query?.purpose ?? 'CONNECT';
  const providerName = consent.data?.providerName ?? null;

  const send = (decision: ConsentChoice, extra: Pick<SandboxConsentRequest, 'companyIds' | 'email'>) => {
    if (!query) return;
    setPending(decision);
    decide.mutate(
      { ...query, decision, ...extra },
      {
        onSuccess: ({ redirectUrl }) => {
          setLeaving(true);
          browserLocation.assign(redirectUrl);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const emailError = fieldError(decide.error, /^email$/);
  const companyError = fieldError(decide.error, /^companyIds/);
  const formError = decide.isError && !emailError && !companyError ? getErrorMessage(decide.error) : null;

  let body: ReactNode;
  if (!query) {
    body = (
      <ErrorAlert>
        This consent link is incomplete or out of date. Start connecting again from Ferry.
      </ErrorAlert>
    );
  } else if (consent.isError) {
    body = <ErrorAlert>{getErrorMessage(consent.error)}</ErrorAlert>;
  } else if (!consent.data) {
    body = (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" color="gray" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Group>
    );
  } else if (consent.data.purpose === 'SIGN_IN') {
    body = (
      <SignInConsent
        providerName={consent.data.providerName}
        pending={pending}
        leaving={leaving}
        emailError={emailError}
        onDecide={(decision, email) => send(decision, email ? { companyIds: [], email } : { companyIds: [] })}
      />
    );
  } else {
    body = (
      <ConnectConsent
        consent={consent.data}
        pending={pending}
        leaving={leaving}
        companyError={companyError}
        onDecide={(decision, companyIds) => send(decision, { companyIds })}
      />
    );
  }

  return (
    <BooksFrame providerName={providerName} size="sm" notice={NOTICE}>
      <Paper withBorder radius="sm" p="lg" shadow="xs" bg="white">
        <Stack gap="md">
          <Stack gap={4}>
            <FocusedTitle fz={22}>
              {purpose === 'SIGN_IN' ? 'Sign in to Ferry' : 'Ferry wants to connect to your books'}
            </FocusedTitle>
            {providerName ? (
              <Text size="sm" c="dimmed">
                Sandbox Books is standing in for {providerName}.
              </Text>
            ) : null}
          </Stack>
          {body}
          <ErrorAlert>{formError}</ErrorAlert>
        </Stack>
      </Paper>
    </BooksFrame>
  );
};
