import { emailSchema, MESSAGES, paths } from '@ferry/domain';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailOpened, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { BotCheckError, getBotCheckToken } from '@/lib/bot-check';
import { openInvitationByCode } from '../api/open-invitation';
import { useContinueInvitation } from '../hooks/use-continue-invitation';

const validateEmail = (value: string): string | null => {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.somethingWentWrong);
};

const signInFooter = (
  <>
    Already accepted your invitation?{' '}
    <Anchor component={Link} to={paths.signin()} fw={600}>
      Sign in
    </Anchor>
  </>
);

/**
 * `/go?code=` (spec 000 §2): an invitation entered by its code. The invitee confirms the email the
 * invitation was sent to; a bot-check token goes with the lookup.
 */
export const GoPage = () => {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const navigate = useNavigate();
  const continueInvitation = useContinueInvitation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
    validateInputOnBlur: true,
  });

  if (!code) {
    return (
      <AuthLayout
        icon={<IconTicket size={28} stroke={1.6} />}
        iconColor="orange"
        title={MESSAGES.invalidInvitationCode}
        description="This link has no invitation code. Open the link from your invitation email again, or ask the sender for a new invitation."
        footer={signInFooter}
      >
        <Button component={Link} to={paths.signin()} fullWidth size="md">
          Go to sign in
        </Button>
      </AuthLayout>
    );
  }

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    setSubmitting(true);
    try {
      const recaptchaToken = await getBotCheckToken();
      const opened = await openInvitationByCode({ code, email: email.trim(), recaptchaToken });
      await continueInvitation(opened, code);
    } catch (caught) {
      setSubmitting(false);
      if (caught instanceof BotCheckError) {
        setError(caught.message);
      } else if (isApiError(caught) && caught.statusCode === 404) {
        setError(MESSAGES.invalidInvitationCode);
      } else if (isApiError(caught) && caught.statusCode === 403) {
        // The API client sends this page's 403 to /unauthorized (spec 000 §8); stay in step with it.
        void navigate(paths.unauthorized(), { replace: true });
      } else if (isApiError(caught) && caught.errors.some((e) => e.field === 'email')) {
        const fieldError = caught.errors.find((e) => e.field === 'email');
        form.setFieldError('email', fieldError?.message ?? caught.message);
      } else {
        setError(getErrorMessage(caught));
      }
    }
  });

  return (
    <AuthLayout
      icon={<IconMailOpened size={28} stroke={1.6} />}
      title="Open your invitation"
      description="Enter the email address your invitation was sent to, so we can make sure it's for you."
      footer={signInFooter}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Invitation code
            </Text>
            <Badge variant="light" size="lg" radius="sm" tt="none" ff="monospace" fw={600}>
              {code}
            </Badge>
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="name@yourcompany.com"
            required
            size="md"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <ErrorAlert>{error}</ErrorAlert>
          <Button type="submit" fullWidth size="md" loading={submitting}>
            Continue
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
};
