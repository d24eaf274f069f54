import { defineAbilityFor } from '@ferry/domain/permissions';
import { Box, NavLink, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useBusinessAccess } from '@/lib/business-access';
import { isNavItemActive, navSectionsFor } from './nav-items';

export type AppNavbarProps = { businessId: string };

/** Sidebar links of one business, grouped Pay / Get Paid / Settings: those the member's role may read. */
export const AppNavbar = ({ businessId }: AppNavbarProps) => {
  const { pathname } = useLocation();
  const permissions = useBusinessAccess(businessId).data?.permissions;
  const sections = useMemo(() => {
    if (!permissions) return navSectionsFor(null);
    const ability = defineAbilityFor(permissions);
    return navSectionsFor((subject) => ability.can('read', subject));
  }, [permissions]);
  return (
    // The browser's own scrolling (Mantine's ScrollArea would add about 8 KB to every page of the shell).
    <Box px="sm" py="md" h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <Stack gap="lg">
        {sections.map((section) => {
          const headingId = `nav-section-${section.label?.toLowerCase().replace(/\s+/g, '-') ?? 'main'}`;
          return (
            <Stack
              key={section.label ?? 'main'}
              gap={2}
              role="group"
              aria-labelledby={section.label ? headingId : undefined}
            >
              {section.label ? (
                <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4} lts="0.06em">
                  {section.label}
                </Text>
              ) : null}
              {section.items.map((item) => {
                const isActive = isNavItemActive(item, businessId, pathname);
                const Icon = item.icon;
                return (
                  <NavLink
                    key={item.label}
                    component={Link}
                    to={item.getHref(businessId)}
                    label={item.label}
                    active={isActive}
                    aria-current={isActive ? 'page' : undefined}
                    leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
                    variant="light"
                    fw={isActive ? 600 : 500}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                );
              })}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
};
