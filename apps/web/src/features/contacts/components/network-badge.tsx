import { Badge, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { LinkedBusiness } from '../api/contact-schemas';

/** Marks a contact linked to a business on the Ferry network (spec 002 §1), naming that business. */
export const NetworkBadge = ({ business }: { business: LinkedBusiness | null | undefined }) => {
  if (!business) return null;
  return (
    <Tooltip label={`Linked to ${business.businessName} on Ferry`} withArrow>
      <Badge
        variant="light"
        color="ferry"
        radius="sm"
        size="sm"
        tt="none"
        tabIndex={0}
        leftSection={<IconLink size={12} aria-hidden />}
        style={{ flexShrink: 0 }}
      >
        On Ferry
      </Badge>
    </Tooltip>
  );
};
