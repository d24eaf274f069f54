import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The Ferry mark: a hull on a wave, in the brand colour. Decorative; the wordmark carries the name. */
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
    <path d="M10 15h12l-2.2-5.5h-7.6z" fill="#9fe0ec" />
    <path d="M7 19.5c3 2 6 2 9 0s6-2 9 0" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);

export const Logo = ({ size = 32 }: { size?: number }) => (
  <Group gap={10} wrap="nowrap">
    <LogoMark size={size} />
    <Text component="span" fw={700} fz={size * 0.66} lh={1} c="var(--mantine-color-black)" lts="-0.02em">
      Ferry
    </Text>
  </Group>
);

/** The logo as the link to the public welcome page (the signed-out pages' headers). */
export const LogoHomeLink = ({ size }: { size?: number }) => (
  <Anchor component={Link} to={paths.landing.getHref()} aria-label="Ferry home" underline="never">
    <Logo size={size} />
  </Anchor>
);
