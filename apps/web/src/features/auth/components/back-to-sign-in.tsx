import { paths } from '@ferry/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The way back from the password pages, under their card. */
export const BackToSignIn = () => (
  <Anchor component={Link} to={paths.signin()} size="sm" fw={600}>
    Back to sign in
  </Anchor>
);
