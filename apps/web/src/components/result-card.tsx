import { Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';

export type ResultCardProps = {
  icon: ReactNode;
  color: string;
  title: string;
  /** The heading's level (1 when the card is the page). */
  order?: 1 | 2;
  children: ReactNode;
};

/**
 * An outcome (a payment made, an authorisation given or ended): the icon, the heading — focused when it
 * appears so screen readers announce the new step — and what follows.
 */
export const ResultCard = ({ icon, color, title, order = 2, children }: ResultCardProps) => {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={order} fz="xl" id={headingId} tabIndex={-1} ref={headingRef}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};
