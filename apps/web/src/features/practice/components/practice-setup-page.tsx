import {
  EMPLOYEE_COUNT_BANDS,
  MESSAGES,
  paths,
  practiceFirmSchema,
  SETTINGS_API_MESSAGES,
} from '@ferry/domain';
import { Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/session';
import { useCreatePractice } from '../api/create-practice';
import { usePractice } from '../api/get-practice';
import { schemaFieldErrors, serverFieldErrors } from '../utils/form-errors';

type PracticeFormValues = { practiceFirmName: string; clientRange: string | null };

const FIELD_IDS = { practiceFirmName: 'practice-firm-name', clientRange: 'practice-client-range' } as const;

const validatePractice = (values: PracticeFormValues) => schemaFieldErrors(practiceFirmSchema, values);

/**
 * `/onboard/practice`: the accountant's practice firm details (spec 000 §5, 001 §2 "Practice firm
 * details": practice firm name 3–50 with the business-name rules, not numbers only; number of clients),
 * saved with `POST /practice`; then on to adding the first client business. Someone who is not an
 * accountant, or whose practice exists already, goes straight on.
 */
export function PracticeSetupPage() {
  const { data: user } = useCurrentUser();
  const isAccountant = user?.userType === 'ACCOUNTANT';
  const practiceQuery = usePractice(isAccountant);

  if (user && !isAccountant) return <Navigate to={paths.onboardAdd()} replace />;
  if (practiceQuery.isError) {
    return <ErrorState error={practiceQuery.error} onRetry={() => void practiceQuery.refetch()} />;
  }
  if (!user || practiceQuery.isPending) return <PageLoader label="Loading your practice..." />;
  if (practiceQuery.data) return <Navigate to={paths.onboardAdd()} replace />;
  return <PracticeForm />;
}

const PracticeForm = () => {
  const navigate = useNavigate();
  const create = useCreatePractice();
  const [failure, setFailure] = useState<string | null>(null);
  const [isMovingOn, setIsMovingOn] = useState(false);
  const form = useForm<PracticeFormValues>({
    mode: 'controlled',
    initialValues: { practiceFirmName: '', clientRange: null },
    validate: validatePractice,
    validateInputOnBlur: true,
  });

  const moveOn = async () => {
    setIsMovingOn(true);
    await navigate(paths.onboardAdd());
  };

  const handleSubmit = async (values: PracticeFormValues) => {
    setFailure(null);
    const parsed = practiceFirmSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await create.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.practiceCreated });
      await moveOn();
    } catch (error) {
      // Set up already (another tab, or a double click): nothing is lost, go on.
      if (isApiError(error) && error.statusCode === 409) {
        await moveOn();
        return;
      }
      const fields = serverFieldErrors(error, ['practiceFirmName', 'clientRange']);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else setFailure(isApiError(error) ? getErrorMessage(error) : MESSAGES.somethingWentWrongTryLater);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="practice-title"
      onSubmit={form.onSubmit(
        (values) => void handleSubmit(values),
        (errors) => {
          const first = (['practiceFirmName', 'clientRange'] as const).find((field) => errors[field]);
          if (first) document.getElementById(FIELD_IDS[first])?.focus();
        },
      )}
    >
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={28} lts="-0.02em" id="practice-title">
            Tell us about your practice
          </Title>
          <Text size="sm" c="dimmed">
            Your practice runs your clients' businesses on Ferry with your team. You add your first client
            business next.
          </Text>
        </Stack>
        <ErrorAlert>{failure}</ErrorAlert>
        <TextInput
          id={FIELD_IDS.practiceFirmName}
          label="Practice firm name"
          placeholder="e.g. Harbor Accounting LLP"
          withAsterisk
          maxLength={100}
          autoComplete="organization"
          {...form.getInputProps('practiceFirmName')}
        />
        <Select
          id={FIELD_IDS.clientRange}
          label="Number of clients"
          placeholder="Select a range"
          withAsterisk
          data={EMPLOYEE_COUNT_BANDS.map((band) => ({ value: band.value, label: band.label }))}
          allowDeselect={false}
          {...form.getInputProps('clientRange')}
          onChange={(value) => {
            form.setFieldValue('clientRange', value);
            form.validateField('clientRange');
          }}
        />
        <Button type="submit" size="md" fullWidth loading={create.isPending || isMovingOn}>
          Continue
        </Button>
      </Stack>
    </form>
  );
};
