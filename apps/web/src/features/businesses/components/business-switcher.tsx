import { getInitials, getSwitchBusinessPath, isId, paths } from '@ferry/domain';
import { Avatar, Button, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DeferredMenu } from '@/components/deferred-menu';
import type { Business } from '@/lib/businesses';
import { useActiveBusinessId } from '@/lib/use-stored-value';
import { useBusinesses } from '../api/get-businesses';
import { rememberActiveBusiness } from '../hooks/use-remember-active-business';

/** The member's role as the server names it ('Admin', 'Read-only'); an enum-like name is made readable. */
const formatRole = (role: string | null | undefined): string | null => {
  if (!role) return null;
  if (role !== role.toUpperCase()) return role;
  const words = role.toLowerCase().replace(/_+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const BusinessAvatar = ({ name, size = 28 }: { name: string; size?: number }) => (
  <Avatar size={size} radius="sm" color="ferry" variant="light" aria-hidden>
    {getInitials(name) || null}
  </Avatar>
);

/**
 * The business switcher in the app header (spec 002 §2): the user's businesses (`GET /business`) with the
 * active one marked, and 'Add a business'. Switching stores the chosen business as the active one and
 * opens the current page for it, rewritten by the switching rules (`getSwitchBusinessPath`).
 */
export const BusinessSwitcher = () => {
  const { businessId: routeParam } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const storedId = useActiveBusinessId();
  const businessesQuery = useBusinesses();
  const businesses = businessesQuery.data ?? [];

  const routeId = routeParam && isId(routeParam) ? routeParam : null;
  const activeId = routeId ?? storedId;
  const active = businesses.find((business) => business.id === activeId) ?? null;

  // The business a page is open for becomes the active one (the logo and later visits use it).
  useEffect(() => {
    if (active && routeId === active.id) rememberActiveBusiness(active);
  }, [active, routeId]);

  if (businessesQuery.isPending)
    return <Skeleton h={32} w={180} radius="md" aria-label="Loading businesses" />;

  if (businesses.length === 0) {
    return (
      <Button
        component={Link}
        to={paths.onboardAdd()}
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
      >
        Add a business
      </Button>
    );
  }

  const switchTo = (business: Business) => {
    if (business.id === active?.id) return;
    rememberActiveBusiness(business);
    void navigate(getSwitchBusinessPath(pathname, business.id));
  };

  const label = active?.businessName ?? 'Choose a business';

  return (
    <DeferredMenu
      menuProps={{
        position: 'bottom-start',
        width: 300,
        shadow: 'md',
        withinPortal: true,
        hideDetached: false,
      }}
      target={
        <UnstyledButton
          aria-label={`Business: ${label}. Switch business`}
          data-tour="business-switcher"
          px={8}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={10} wrap="nowrap">
            {active ? <BusinessAvatar name={active.businessName} /> : null}
            <Text size="sm" fw={600} maw={220} truncate>
              {label}
            </Text>
            <IconSelector size={16} stroke={1.8} color="var(--mantine-color-dimmed)" aria-hidden />
          </Group>
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>Your businesses</Menu.Label>
          {businesses.map((business) => {
            const isActive = business.id === active?.id;
            const role = formatRole(business.role);
            return (
              <Menu.Item
                key={business.id}
                onClick={() => switchTo(business)}
                aria-current={isActive ? 'true' : undefined}
                leftSection={<BusinessAvatar name={business.businessName} size={26} />}
                rightSection={
                  isActive ? <IconCheck size={16} color="var(--mantine-primary-color-filled)" /> : null
                }
              >
                <Text size="sm" fw={isActive ? 600 : 500} truncate>
                  {business.businessName}
                </Text>
                {role ? (
                  <Text size="xs" c="dimmed">
                    {role}
                  </Text>
                ) : null}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to={paths.onboardAdd()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add a business
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
};
