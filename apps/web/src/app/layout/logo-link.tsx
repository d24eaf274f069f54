import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { getHomeHref } from '@/config/paths';
import { useActiveBusinessId } from '@/lib/use-stored-value';

/** The logo goes to the active business's home, or to onboarding when none is stored (spec 000 §2). */
export const LogoLink = () => {
  const activeBusinessId = useActiveBusinessId();
  return (
    <UnstyledButton component={Link} to={getHomeHref(activeBusinessId)} aria-label="Ferry home" p={4}>
      <Logo />
    </UnstyledButton>
  );
};
