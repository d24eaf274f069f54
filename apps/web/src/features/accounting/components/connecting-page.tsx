import { type AccountingProvider, paths } from '@ferry/domain';
import {
  ACCOUNTING_MESSAGES,
  accountingProviderTypeSchema,
  type OrganisationCallback,
} from '@ferry/domain/schemas';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConnectionLoader } from '@/components/connection-loader';
import { PageLoader } from '@/components/page-loader';
import { PublicPageFrame } from '@/components/public-page-frame';
import { isApiError } from '@/lib/api-error';
import { useConnectBusiness, useOrganisations } from '../api/connect-business';
import { forgetConnectReturn, readConnectReturn } from '../utils/connect-return';

/** The server's message, else 'Unknown error'. */
const messageOf = (error: unknown): string =>
  isApiError(error) && error.message ? error.message : ACCOUNTING_MESSAGES.unknown;

const Card = ({ children }: { children: ReactNode }) => (
  <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={520} w="100%" mx="auto" bg="white">
    <Stack gap="lg">{children}</Stack>
  </Paper>
);

/** The provider's way back with an error: denied, an expired or used link, or anything else. */
const callbackErrorMessage = (error: string): string => {
  if (error === 'access_denied') return ACCOUNTING_MESSAGES.denied;
  if (error === 'expired') return ACCOUNTING_MESSAGES.state;
  return ACCOUNTING_MESSAGES.unknown;
};

/** A failure, with the way back to where the connection started. */
const Failure = ({ message, backHref }: { message: string; backHref: string }) => (
  <Card>
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {message}
    </Alert>
    <Group justify="flex-end">
      <Button component={Link} to={backHref}>
        Go back
      </Button>
    </Group>
  </Card>
);

export type ConnectingPageProps = {
  /**
   * The end of a 'Sign in with Intuit / Xero' round trip (requestFor=SIGN_IN), which the sign-in side
   * supplies (the app composes it): without it the page can only say the signup is not complete.
   */
  renderSignIn?: (signIn: { providerType: AccountingProvider; state: string }) => ReactNode;
};

/**
 * `/integration/connecting?providerType&state[&requestFor][&error]`: where the accounting provider sends
 * the browser back (spec 002 §4, 000 §4). Denied access says so. A sign-in (requestFor=SIGN_IN) is handed
 * to `renderSignIn`. Otherwise the grant's organisations are read — one is connected at once, several are
 * offered to choose from — and the connection loader plays while the business is connected, then the
 * integration settings open (or home, when started at onboarding).
 */
export const ConnectingPage = ({ renderSignIn }: ConnectingPageProps = {}) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [remembered] = useState(readConnectReturn);
  const providerParse = accountingProviderTypeSchema.safeParse(params.get('providerType'));
  const providerType = providerParse.success ? providerParse.data : null;
  const state = params.get('state') ?? '';
  const error = params.get('error');
  const isSignIn = params.get('requestFor') === 'SIGN_IN';
  const canRead = !isSignIn && error === null && providerType !== null && state !== '';
  const organisations = useOrganisations(providerType ?? '', state, canRead);
  const connect = useConnectBusiness();
  const [chosen, setChosen] = useState<string | null>(null);
  const [loaderDone, setLoaderDone] = useState(false);
  const autoStarted = useRef(false);

  const callback = organisations.data;
  const businessId = remembered?.businessId ?? callback?.businessId ?? null;
  const backHref = businessId ? paths.settingsIntegration(businessId) : paths.onboardAdd();
  const doneHref = businessId
    ? remembered?.from === 'onboarding'
      ? paths.businessHome(businessId)
      : paths.settingsIntegration(businessId)
    : paths.onboardAdd();
  const taken = takenBy(callback, businessId);
  const choices =
    callback?.organizationList.filter((organisation) => organisation.id !== taken?.organizationId) ?? [];

  const start = (organizationId: string) => {
    if (!providerType || !businessId) return;
    connect.mutate({ providerType, body: { state, organizationId, businessId } });
  };

  // One organisation (not connected to another business): connect at once.
  useEffect(() => {
    if (autoStarted.current || !callback || !businessId || !providerType) return;
    const only = choices[0];
    if (callback.organizationList.length !== 1 || choices.length !== 1 || !only) return;
    autoStarted.current = true;
    connect.mutate({ providerType, body: { state, organizationId: only.id, businessId } });
  }, [callback, businessId, providerType, choices, connect, state]);

  // The loader has played and the business is connected: on to where the connection started.
  useEffect(() => {
    if (!loaderDone || !connect.isSuccess) return;
    forgetConnectReturn();
    void navigate(doneHref, { replace: true });
  }, [loaderDone, connect.isSuccess, navigate, doneHref]);

  const body = () => {
    if (isSignIn) {
      const signInHref = paths.signin();
      if (error !== null) return <Failure message={callbackErrorMessage(error)} backHref={signInHref} />;
      if (!providerType || state === '')
        return <Failure message={ACCOUNTING_MESSAGES.state} backHref={signInHref} />;
      return (
        renderSignIn?.({ providerType, state }) ?? (
          <Failure message={ACCOUNTING_MESSAGES.completeSignup} backHref={signInHref} />
        )
      );
    }
    if (error !== null) return <Failure message={callbackErrorMessage(error)} backHref={backHref} />;
    if (!providerType || state === '')
      return <Failure message={ACCOUNTING_MESSAGES.state} backHref={backHref} />;
    if (organisations.isPending) return <PageLoader label="Reading your organizations" />;
    if (organisations.isError)
      return <Failure message={messageOf(organisations.error)} backHref={backHref} />;
    if (!businessId) return <Failure message={ACCOUNTING_MESSAGES.completeSignup} backHref={backHref} />;
    if (connect.isError) return <Failure message={messageOf(connect.error)} backHref={backHref} />;
    if (connect.isPending || connect.isSuccess) {
      return <ConnectionLoader kind="accounting" onFinish={() => setLoaderDone(true)} />;
    }
    const takenNote = taken ? (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {`${organisationName(callback, taken.organizationId)} is already connected to ${taken.businessName} in Ferry. Choose another organization, or disconnect it from ${taken.businessName} first.`}
      </Alert>
    ) : null;
    if (choices.length === 0) {
      return (
        <Card>
          {takenNote ?? <Text>{ACCOUNTING_MESSAGES.organization}</Text>}
          <Group justify="flex-end">
            <Button component={Link} to={backHref}>
              Go back
            </Button>
          </Group>
        </Card>
      );
    }
    if (callback && callback.organizationList.length === 1 && choices.length === 1) {
      return <ConnectionLoader kind="accounting" onFinish={() => setLoaderDone(true)} />;
    }
    return (
      <Card>
        <Title order={1} fz="h3">
          Choose your organization
        </Title>
        {takenNote}
        <Radio.Group label={ACCOUNTING_MESSAGES.organization} value={chosen} onChange={setChosen}>
          <Stack gap="sm" mt="sm">
            {choices.map((organisation) => (
              <Radio
                key={organisation.id}
                value={organisation.id}
                label={organisation.name}
                description={organisation.currency ?? undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between">
          <Button component={Link} to={backHref} variant="default">
            Cancel
          </Button>
          <Button disabled={chosen === null} onClick={() => chosen && start(chosen)}>
            Continue
          </Button>
        </Group>
      </Card>
    );
  };

  return <PublicPageFrame>{body()}</PublicPageFrame>;
};

/** The organisation another Ferry business already holds (not this one: reconnecting is fine). */
const takenBy = (callback: OrganisationCallback | undefined, businessId: string | null) => {
  const details = callback?.businessAlreadyExistsDetails ?? null;
  return details && details.businessId !== businessId ? details : null;
};

const organisationName = (callback: OrganisationCallback | undefined, id: string): string =>
  callback?.organizationList.find((organisation) => organisation.id === id)?.name ?? 'This organization';
