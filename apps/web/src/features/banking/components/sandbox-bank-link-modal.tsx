import { isBlockedInstitution } from '@ferry/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  Modal,
  PasswordInput,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconChevronLeft, IconLock, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useSandboxComplete, useSandboxInstitutions, useSandboxSignIn } from '../api/sandbox';
import type { SandboxInstitution, SandboxLinkAccount } from '../api/schemas';
import { formatMask } from '../utils/bank-status';
import { BankLogo } from './bank-logo';

export type LinkedInstitution = { id: string; name: string };

export type BankLinkSuccess = { publicToken: string; institution: LinkedInstitution };

/** Titles of the bank-link error codes (spec 002 §4) shown above the provider's message. */
export const BANK_LINK_ERROR_TITLES: Record<string, string> = {
  INVALID_CREDENTIALS: 'Incorrect username or password',
  ITEM_LOGIN_REQUIRED: 'Login required',
  INVALID_ACCOUNT: 'Invalid account',
  NO_ACCOUNTS: 'No compatible accounts',
  ACCESS_NOT_GRANTED: 'Access not granted',
  NO_AUTH_ACCOUNTS: 'No eligible accounts',
  ITEM_NOT_SUPPORTED: 'Institution not supported',
  PERMISSION_REVOKED: 'Permission revoked',
  ACCOUNT_REVOKED: 'Account access revoked',
  INSTITUTION_DOWN: 'Institution unavailable',
};

export const SANDBOX_CREDENTIALS_HINT = 'user_good / pass_good';

type Step =
  | { kind: 'choose' }
  | { kind: 'credentials'; institution: LinkedInstitution & Partial<SandboxInstitution> }
  | {
      kind: 'accounts';
      institution: LinkedInstitution & Partial<SandboxInstitution>;
      sessionId: string;
      accounts: SandboxLinkAccount[];
    };

const LinkError = ({ error }: { error: unknown }) => {
  if (!error) return null;
  const code = isApiError(error) ? error.errorCode : undefined;
  const title = (code && BANK_LINK_ERROR_TITLES[code]) || 'Something went wrong';
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
    >
      <Text size="sm">{getErrorMessage(error)}</Text>
      {code ? (
        <Text size="xs" c="dimmed" mt={4}>
          Error code: {code}
        </Text>
      ) : null}
    </Alert>
  );
};

const InstitutionList = ({
  linkToken,
  onSelect,
}: {
  linkToken: string;
  onSelect: (institution: SandboxInstitution) => void;
}) => {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const institutions = useSandboxInstitutions(linkToken, query);
  return (
    <Stack gap="sm">
      <Text fw={600}>Select your bank</Text>
      <TextInput
        aria-label="Search for your bank"
        placeholder="Search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={50}
        data-autofocus
      />
      {institutions.isPending ? (
        <Group justify="center" py="lg" role="status" aria-label="Loading banks">
          <Loader size="sm" aria-hidden />
        </Group>
      ) : institutions.isError ? (
        <ErrorState error={institutions.error} onRetry={() => void institutions.refetch()} />
      ) : institutions.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No banks match “{search.trim()}”.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={340} type="auto">
          <Stack gap={4} role="list" aria-label="Banks">
            {institutions.data.map((institution) => (
              <UnstyledButton
                key={institution.id}
                role="listitem"
                onClick={() => onSelect(institution)}
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  border: '1px solid var(--mantine-color-gray-2)',
                }}
                aria-label={institution.name}
              >
                <Group gap="sm" wrap="nowrap">
                  <BankLogo
                    name={institution.name}
                    logo={institution.logo}
                    color={institution.primaryColor}
                    size={36}
                  />
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {institution.name}
                    </Text>
                    {institution.url ? (
                      <Text size="xs" c="dimmed">
                        {institution.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
};

type CredentialsProps = {
  linkToken: string;
  institution: LinkedInstitution & Partial<SandboxInstitution>;
  onBack: (() => void) | null;
  onSignedIn: (sessionId: string, accounts: SandboxLinkAccount[]) => void;
};

const Credentials = ({ linkToken, institution, onBack, onSignedIn }: CredentialsProps) => {
  const signIn = useSandboxSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username || !password) return;
    signIn.mutate(
      { linkToken, institutionId: institution.id, username, password },
      { onSuccess: ({ sessionId, accounts }) => onSignedIn(sessionId, accounts) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <BankLogo
            name={institution.name}
            logo={institution.logo}
            color={institution.primaryColor}
            size={40}
          />
          <Stack gap={0}>
            <Text fw={600}>Sign in to {institution.name}</Text>
            <Text size="xs" c="dimmed">
              Enter the credentials you use for online banking.
            </Text>
          </Stack>
        </Group>
        <Alert color="yellow" variant="light" radius="sm" role="note" title="Sandbox credentials">
          <Text size="sm">
            Use <Code>user_good</Code> / <Code>pass_good</Code>. A password{' '}
            <Code>error_ITEM_LOGIN_REQUIRED</Code> (or another error code) reproduces that error.
          </Text>
        </Alert>
        <LinkError error={signIn.error} />
        <TextInput
          label="Username"
          autoComplete="off"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          required
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
        />
        <Group justify="space-between">
          {onBack ? (
            <Button variant="subtle" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={onBack}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={signIn.isPending} disabled={!username || !password}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type AccountsProps = {
  sessionId: string;
  accounts: SandboxLinkAccount[];
  institution: LinkedInstitution;
  onBack: () => void;
  onSuccess: (success: BankLinkSuccess) => void;
};

const Accounts = ({ sessionId, accounts, institution, onBack, onSuccess }: AccountsProps) => {
  const complete = useSandboxComplete();
  const [chosen, setChosen] = useState<string[]>(() =>
    accounts.length === 1 ? [accounts[0]?.id ?? ''] : [],
  );
  const submit = () =>
    complete.mutate(
      { sessionId, accountIds: chosen },
      {
        onSuccess: ({ publicToken, institution: linked }) =>
          onSuccess({
            publicToken,
            institution: { id: linked.id || institution.id, name: linked.name || institution.name },
          }),
      },
    );
  return (
    <Stack gap="md">
      <LinkError error={complete.error} />
      <Checkbox.Group
        value={chosen}
        onChange={setChosen}
        label="Choose the accounts to link to Ferry"
        labelProps={{ fw: 600, mb: 'xs' }}
      >
        <Stack gap="xs">
          {accounts.map((account) => (
            <Checkbox
              key={account.id}
              value={account.id}
              label={`${account.name} ${formatMask(account.mask)}`.trim()}
              description={
                account.subtype
                  ? account.subtype.charAt(0).toUpperCase() + account.subtype.slice(1)
                  : undefined
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          onClick={onBack}
          disabled={complete.isPending}
        >
          Back
        </Button>
        <Button onClick={submit} disabled={chosen.length === 0} loading={complete.isPending}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
};

export type SandboxBankLinkModalProps = {
  opened: boolean;
  linkToken: string;
  /** Update mode (reconnect): the institution is known, so the bank choice is skipped. */
  institution?: LinkedInstitution | null;
  onSuccess: (success: BankLinkSuccess) => void;
  /** A blocked institution was chosen (BANK_DENIED): nothing is asked of the user. */
  onDenied: (institution: LinkedInstitution) => void;
  /** Closed without linking (EXIT). */
  onExit: () => void;
};

/**
 * Ferry's sandbox bank-link modal: behaves like a bank-data provider's link flow: choose an institution,
 * sign in with sandbox credentials, pick the accounts; it hands back a public token for the server to
 * exchange. Provider errors are shown per code; blocked institutions are refused at once.
 */
export const SandboxBankLinkModal = ({
  opened,
  linkToken,
  institution,
  onSuccess,
  onDenied,
  onExit,
}: SandboxBankLinkModalProps) => {
  const initial: Step = institution ? { kind: 'credentials', institution } : { kind: 'choose' };
  const [step, setStep] = useState<Step>(initial);
  const choose = (chosen: SandboxInstitution) => {
    if (isBlockedInstitution(chosen.id, chosen.name)) {
      onDenied({ id: chosen.id, name: chosen.name });
      return;
    }
    setStep({ kind: 'credentials', institution: chosen });
  };
  return (
    <Modal
      opened={opened}
      onClose={onExit}
      centered
      radius="lg"
      padding="lg"
      size="md"
      closeOnClickOutside={false}
      title={
        <Group gap="xs">
          <IconLock size={16} aria-hidden />
          <Text fw={650}>Sandbox Bank Link</Text>
          <Badge color="yellow" variant="light" radius="sm" tt="none">
            Test mode
          </Badge>
        </Group>
      }
    >
      {step.kind === 'choose' ? (
        <InstitutionList linkToken={linkToken} onSelect={choose} />
      ) : step.kind === 'credentials' ? (
        <Credentials
          key={step.institution.id}
          linkToken={linkToken}
          institution={step.institution}
          onBack={institution ? null : () => setStep({ kind: 'choose' })}
          onSignedIn={(sessionId, accounts) =>
            setStep({ kind: 'accounts', institution: step.institution, sessionId, accounts })
          }
        />
      ) : (
        <Accounts
          sessionId={step.sessionId}
          accounts={step.accounts}
          institution={step.institution}
          onBack={() => setStep({ kind: 'credentials', institution: step.institution })}
          onSuccess={onSuccess}
        />
      )}
    </Modal>
  );
};
