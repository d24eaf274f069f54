import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type HomeSectionProps = {
  /** Id of the heading, which names the section's region. */
  id: string;
  title: string;
  /** A link at the heading's right ('View all payments'). */
  link?: { label: string; href: string };
  children: ReactNode;
};

/** A titled panel of the home dashboard, a `section` named by its heading. */
export const HomeSection = ({ id, title, link, children }: HomeSectionProps) => (
  <Paper component="section" withBorder radius="lg" p="lg" bg="white" aria-labelledby={id} h="100%">
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={2} fz="md" fw={650} id={id}>
          {title}
        </Title>
        {link ? (
          <Anchor component={Link} to={link.href} size="sm" fw={600}>
            <Group gap={4} wrap="nowrap" component="span">
              {link.label}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Stack>
  </Paper>
);
