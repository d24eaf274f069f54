import { APPROVER_PALETTE_SIZE, getInitials } from '@ferry/domain';
import { Avatar, type AvatarProps, Tooltip } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/**
 * The 17 approver colours (spec 001 §2, §9: avatars cycle through a palette by stage index). Each is dark
 * enough for white initials (WCAG AA contrast for small text). Shared by the policies pages and the
 * approval panel of a payment.
 */
export const APPROVER_PALETTE = [
  '#1d4ed8',
  '#047857',
  '#7e22ce',
  '#c2410c',
  '#0e7490',
  '#be123c',
  '#4338ca',
  '#3f6212',
  '#a21caf',
  '#0f766e',
  '#92400e',
  '#0369a1',
  '#b91c1c',
  '#6d28d9',
  '#15803d',
  '#be185d',
  '#475569',
] as const satisfies readonly string[] & { length: typeof APPROVER_PALETTE_SIZE };

/** The colour of a stage's approvers: stage index 0 takes the first colour, index 17 the first again. */
export const getApproverColor = (stageIndex: number): string =>
  APPROVER_PALETTE[
    ((Math.trunc(stageIndex) % APPROVER_PALETTE_SIZE) + APPROVER_PALETTE_SIZE) % APPROVER_PALETTE_SIZE
  ] as string;

export type ApproverAvatarProps = {
  /** A person's name (initials shown) or a group's name (a group icon shown). */
  name: string;
  /** The stage (or position) index that picks the colour. */
  colorIndex: number;
  isGroup?: boolean;
  /** The tooltip; the name unless given (a group's members, for instance). */
  tooltip?: string;
  size?: AvatarProps['size'];
};

/**
 * One approver's avatar in the palette colour of its stage, named for screen readers, with a tooltip.
 */
export const ApproverAvatar = ({
  name,
  colorIndex,
  isGroup = false,
  tooltip,
  size = 30,
}: ApproverAvatarProps) => (
  <Tooltip label={tooltip ?? name} withArrow openDelay={150} multiline maw={280}>
    <Avatar
      size={size}
      radius="xl"
      variant="filled"
      color={getApproverColor(colorIndex)}
      role="img"
      aria-label={isGroup ? `Group ${name}` : name}
      data-approver-color={getApproverColor(colorIndex)}
    >
      {isGroup ? <IconUsersGroup size={16} aria-hidden /> : getInitials(name)}
    </Avatar>
  </Tooltip>
);
