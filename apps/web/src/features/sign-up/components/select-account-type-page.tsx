import { MESSAGES } from '@ferry/domain';
import { Button, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconBuildingStore, type TablerIcon } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { paths } from '@/config/paths';
import { type AccountType, useUpdateUserType } from '../api/update-user-type';
import { getActionErrorMessage } from '../utils/error-message';
import { AuthShell } from './auth-shell';
import { SignedInAs } from './signed-in-as';
import { UserLoading, useSignedInUser } from './user-loading';

type AccountTypeOption = { value: AccountType; title: string; text: string; icon: TablerIcon };

const OPTIONS: AccountTypeOption[] = [
  {
    value: 'ACCOUNTANT',
    title: "I'm an accountant",
    text: "Manage your clients' payments as a practice, with your team.",
    icon: IconBriefcase,
  },
  {
    value: 'SME_OWNER',
    title: 'I run a business',
    text: 'Pay vendors and get paid by customers for my own business.',
    icon: IconBuildingStore,
  },
];

const isAccountType = (value: string): value is AccountType => OPTIONS.some((o) => o.value === value);

/**
 * Where a chosen account type leads: an accountant sets up their practice first (that page moves on to the
 * first client business once the practice exists); anyone else adds their business.
 */
export const getPathAfterAccountType = (userType: string | null | undefined): string =>
  userType === 'ACCOUNTANT' ? paths.onboardPractice.getHref() : paths.onboard.add.getHref();

/**
 * `/select-account-type` (spec 000 §2, §4): ACCOUNTANT or SME_OWNER, saved with `PATCH /user`; then the
 * accountant's practice details, or business onboarding.
 */
export function SelectAccountTypePage() {
  const navigate = useNavigate();
  const { signedIn, userQuery, user } = useSignedInUser();
  const updateUserType = useUpdateUserType();
  const [choice, setChoice] = useState<AccountType | null>(null);
  const [isDone, setIsDone] = useState(false);

  if (!signedIn) return <Navigate to={paths.signIn.getHref()} replace />;
  if (user?.userType && !isDone) return <Navigate to={getPathAfterAccountType(user.userType)} replace />;

  const handleContinue = async () => {
    if (!choice) return;
    try {
      await updateUserType.mutateAsync(choice);
      setIsDone(true);
      await navigate(getPathAfterAccountType(choice));
    } catch {
      // Shown from the mutation's error below.
    }
  };

  let content: React.ReactNode;
  if (userQuery.isError || !user) {
    content = <UserLoading userQuery={userQuery} />;
  } else {
    content = (
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={28} lts="-0.02em" id="account-type-title">
            How will you use Ferry?
          </Title>
          <Text size="sm" c="dimmed">
            Choose the account that fits you. This sets up the right workspace and cannot be changed later.
          </Text>
        </Stack>

        <ErrorAlert>
          {updateUserType.isError
            ? getActionErrorMessage(updateUserType.error, MESSAGES.somethingWentWrongTryLater)
            : null}
        </ErrorAlert>

        <Radio.Group
          value={choice}
          onChange={(value) => {
            if (isAccountType(value)) setChoice(value);
          }}
          aria-labelledby="account-type-title"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {OPTIONS.map(({ value, title, text, icon: Icon }) => (
              <Radio.Card
                key={value}
                value={value}
                radius="md"
                p="lg"
                style={{
                  borderWidth: 2,
                  borderColor: choice === value ? 'var(--mantine-primary-color-filled)' : undefined,
                  background: choice === value ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Stack gap="md">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <ThemeIcon size={44} radius="md" variant={choice === value ? 'filled' : 'light'}>
                      <Icon size={24} stroke={1.7} aria-hidden />
                    </ThemeIcon>
                    <Radio.Indicator />
                  </Group>
                  <Stack gap={4}>
                    <Text fw={650} fz="lg">
                      {title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {text}
                    </Text>
                  </Stack>
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Button
          size="md"
          fullWidth
          disabled={!choice}
          loading={updateUserType.isPending || isDone}
          onClick={() => void handleContinue()}
        >
          Continue
        </Button>
      </Stack>
    );
  }

  return (
    <AuthShell cardWidth={680} headerAction={<SignedInAs email={user?.email} />}>
      {content}
    </AuthShell>
  );
}
