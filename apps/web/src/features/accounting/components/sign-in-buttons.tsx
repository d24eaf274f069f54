import { ACCOUNTING_MESSAGES } from '@ferry/domain/schemas';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useProviders } from '../api/get-providers';
import { useStartConnect } from '../api/start-connect';
import { signInLabelOf } from '../utils/provider-text';

/**
 * 'Sign in with Intuit' and 'Sign in with Xero' (spec 002 §2, the accounting picker): the connection URL
 * with requestFor=SIGN_IN, then the provider. Whatever the server answers wrong: 'Unknown error'.
 */
export const SignInButtons = () => {
  const providers = useProviders().data ?? [];
  const startConnect = useStartConnect();
  const seen = new Set<string>();
  const buttons = providers.flatMap((provider) => {
    const label = provider.signIn ? signInLabelOf(provider) : null;
    if (!label || seen.has(label)) return [];
    seen.add(label);
    return [{ label, providerType: provider.providerType }];
  });
  if (buttons.length === 0) return null;
  return (
    <Group gap="sm" justify="center">
      {buttons.map(({ label, providerType }) => (
        <Button
          key={label}
          variant="default"
          loading={startConnect.isPending && startConnect.variables?.providerType === providerType}
          onClick={() =>
            startConnect.mutate(
              { providerType, requestFor: 'SIGN_IN', from: 'onboarding' },
              { onError: () => notifications.show({ color: 'red', message: ACCOUNTING_MESSAGES.unknown }) },
            )
          }
        >
          {label}
        </Button>
      ))}
    </Group>
  );
};
