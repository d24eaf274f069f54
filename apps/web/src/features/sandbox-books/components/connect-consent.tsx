import { type SandboxCompany, type SandboxConsent, sandboxCompanyRequestSchema } from '@ferry/domain/schemas';
import { Button, Group, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useCreateSandboxCompany } from '../api/companies';
import { type ConsentChoice, ConsentDecision } from './consent-decision';

export const CONNECT_SCOPES = [
  'Read and write vendors and customers',
  'Read and write bills and invoices',
  'Read and write your chart of accounts and items',
  'Record bill and invoice payments',
];

export const DEFAULT_COMPANY_NAME = 'Sample Company';

const companySummary = (company: SandboxCompany): string => {
  const vendors = company.counts.VENDOR ?? 0;
  const bills = company.counts.BILL ?? 0;
  return `${vendors} vendor${vendors === 1 ? '' : 's'}, ${bills} bill${bills === 1 ? '' : 's'} · ${company.currency}`;
};

/** 'Create a sample company': a name (Sample Company unless changed) and the button. */
const CreateSampleCompany = ({ onCreated }: { onCreated: (company: SandboxCompany) => void }) => {
  const [name, setName] = useState(DEFAULT_COMPANY_NAME);
  const [localError, setLocalError] = useState<string | null>(null);
  const create = useCreateSandboxCompany();
  const serverNameError = isApiError(create.error)
    ? (create.error.errors.find((e) => e.field === 'name')?.message ?? null)
    : null;
  const nameError = localError ?? serverNameError;
  const submit = () => {
    const parsed = sandboxCompanyRequestSchema.safeParse({ name, sample: true });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? 'Please enter a name.');
      return;
    }
    setLocalError(null);
    create.mutate(parsed.data, { onSuccess: (company) => onCreated(company) });
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="New company name"
          value={name}
          maxLength={100}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setLocalError(null);
          }}
          error={nameError}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={create.isPending}
          onClick={submit}
        >
          Create a sample company
        </Button>
      </Group>
      <ErrorAlert>{create.isError && !serverNameError ? getErrorMessage(create.error) : null}</ErrorAlert>
    </Stack>
  );
};

/**
 * CONNECT: what Ferry will be able to do, the companies to share (one is chosen when there is only one),
 * a way to make a sample company, and Allow / Deny.
 */
export const ConnectConsent = ({
  consent,
  pending,
  leaving,
  companyError,
  onDecide,
}: {
  consent: SandboxConsent;
  pending: ConsentChoice | null;
  leaving: boolean;
  /** The server's message about the chosen companies, if any. */
  companyError: string | null;
  onDecide: (decision: ConsentChoice, companyIds: string[]) => void;
}) => {
  const { companies } = consent;
  const [chosen, setChosen] = useState<string | null>(
    companies.length === 1 ? (companies[0]?.id ?? null) : null,
  );
  const [missing, setMissing] = useState(false);

  const decide = (decision: ConsentChoice) => {
    if (decision === 'ALLOW' && !chosen) {
      setMissing(true);
      return;
    }
    onDecide(decision, decision === 'ALLOW' && chosen ? [chosen] : []);
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Ferry will be able to:
        </Text>
        <List
          size="sm"
          spacing={4}
          icon={<IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />}
          aria-label="What Ferry will be able to do"
        >
          {CONNECT_SCOPES.map((scope) => (
            <List.Item key={scope}>{scope}</List.Item>
          ))}
        </List>
      </Stack>
      <Radio.Group
        label="Company to connect"
        description={
          companies.length === 0 ? 'You have no companies yet: create a sample one below.' : undefined
        }
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          setMissing(false);
        }}
        error={missing ? 'Please choose a company.' : companyError}
      >
        <Stack gap="xs" mt="xs">
          {companies.map((company) => (
            <Radio
              key={company.id}
              value={company.id}
              label={company.name}
              description={companySummary(company)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <CreateSampleCompany
        onCreated={(company) => {
          setChosen(company.id);
          setMissing(false);
        }}
      />
      <ConsentDecision pending={pending} leaving={leaving} onDecide={decide} />
    </Stack>
  );
};
