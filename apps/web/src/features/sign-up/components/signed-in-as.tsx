import { Anchor, Text } from '@mantine/core';
import { useSignOut } from '@/lib/sign-out';

/** 'Signed in as … · Sign out', for the header of the signed-in access pages. */
export const SignedInAs = ({ email }: { email: string | undefined }) => {
  const { signOut, isPending } = useSignOut();
  return (
    <Text size="sm" c="dimmed">
      {email ? `Signed in as ${email} · ` : null}
      <Anchor component="button" type="button" size="sm" onClick={() => void signOut()} disabled={isPending}>
        Sign out
      </Anchor>
    </Text>
  );
};
