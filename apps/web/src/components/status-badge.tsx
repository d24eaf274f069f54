import type { StatusColour } from '@ferry/domain';
import { Badge } from '@mantine/core';

const MANTINE_COLOR: Record<StatusColour, string> = {
  green: 'teal',
  amber: 'yellow',
  red: 'red',
  grey: 'gray',
};

export type StatusBadgeProps = { label: string; colour: StatusColour };

/**
 * A status pill; label and colour come from the domain's status catalogues (`StatusDisplay`). It never
 * shrinks below its label (a narrow table column widens rather than cutting 'Scheduled' to 'Sch…').
 */
export const StatusBadge = ({ label, colour }: StatusBadgeProps) => (
  <Badge
    color={MANTINE_COLOR[colour]}
    variant="light"
    radius="sm"
    tt="none"
    fw={600}
    miw="max-content"
    data-status-colour={colour}
    c={colour === 'amber' ? 'yellow.9' : undefined}
  >
    {label}
  </Badge>
);
