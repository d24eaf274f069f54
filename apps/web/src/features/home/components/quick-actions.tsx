import { paths } from '@ferry/domain';
import { Button, Group } from '@mantine/core';
import { IconBuildingStore, IconFilePlus, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HomeAccess } from '../utils/home-access';

export type QuickActionsProps = {
  businessId: string;
  access: HomeAccess;
  /** No bills yet: no "Pay a bill", and "Add a bill" leads. */
  nothingToPay?: boolean;
};

/**
 * Pay a bill (the Bills tab), Add a bill, Add a vendor: each only for a member who may do it, so a
 * read-only member sees none.
 */
export const QuickActions = ({ businessId, access, nothingToPay = false }: QuickActionsProps) => {
  const canPay = access.canPayBills && !nothingToPay;
  if (!canPay && !access.canAddBills && !access.canAddVendors) return null;
  return (
    <Group gap="sm" role="group" aria-label="Quick actions" wrap="wrap">
      {access.canAddVendors ? (
        <Button
          component={Link}
          to={paths.vendorAdd(businessId)}
          variant="default"
          leftSection={<IconBuildingStore size={16} aria-hidden />}
        >
          Add a vendor
        </Button>
      ) : null}
      {access.canAddBills ? (
        <Button
          component={Link}
          to={paths.billCreate(businessId)}
          variant={nothingToPay ? 'filled' : 'default'}
          leftSection={<IconFilePlus size={16} aria-hidden />}
        >
          Add a bill
        </Button>
      ) : null}
      {canPay ? (
        <Button
          component={Link}
          to={paths.billsDue(businessId)}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          Pay a bill
        </Button>
      ) : null}
    </Group>
  );
};
