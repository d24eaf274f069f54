import { MESSAGES } from '@ferry/domain';
import { Button, Divider, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSignInProviders, useStartProviderSignIn } from '../api/start-sign-in';

/**
 * 'Sign in with Intuit' and 'Sign in with Xero' (spec 000 §2, 002 §2), on the sign-in page and the
 * accounting picker: the connection URL with requestFor=SIGN_IN, then the provider. Whatever the server
 * answers wrong: 'Unknown error'. With `dividerLabel`, a labelled line comes first (the sign-in page's
 * 'or'), shown only with the buttons. Light on purpose (no zod, no icons): the sign-in page loads it first.
 */
export const SignInButtons = ({ dividerLabel }: { dividerLabel?: string }) => {
  const buttons = useSignInProviders().data ?? [];
  const start = useStartProviderSignIn();
  if (buttons.length === 0) return null;
  const group = (
    <Group gap="sm" justify="center">
      {buttons.map(({ label, providerType }) => (
        <Button
          key={label}
          variant="default"
          loading={start.isPending && start.variables === providerType}
          disabled={start.isPending && start.variables !== providerType}
          onClick={() =>
            start.mutate(providerType, {
              onError: () => notifications.show({ color: 'red', message: MESSAGES.unknownError }),
            })
          }
        >
          {label}
        </Button>
      ))}
    </Group>
  );
  if (!dividerLabel) return group;
  return (
    <Stack gap="md">
      <Divider label={dividerLabel} labelPosition="center" />
      {group}
    </Stack>
  );
};
