import { DEFAULT_POLICY_NAME, type PolicyView, paths } from '@ferry/domain';
import { ActionIcon, Badge, Divider, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { Link } from 'react-router';
import { PolicyConditions, PolicyStages } from './policy-details';

/** The drag handle's wiring (dnd-kit's attributes, listeners and activator ref). */
export type DragHandleProps = {
  ref: Ref<HTMLButtonElement>;
  attributes: HTMLAttributes<HTMLButtonElement>;
  listeners: HTMLAttributes<HTMLButtonElement> | undefined;
};

export type PolicyReorder = {
  isFirst: boolean;
  isLast: boolean;
  disabled: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  handle: DragHandleProps;
};

export type PolicyCardProps = {
  businessId: string;
  policy: PolicyView;
  /** 1 for the highest priority; the Default Policy has none. */
  priority: number | null;
  canManage: boolean;
  /** Reordering (members who manage approvals, not the Default Policy). */
  reorder?: PolicyReorder;
  onDelete?: (policy: PolicyView) => void;
  /** The sortable item's position while dragged. */
  style?: CSSProperties;
  containerRef?: Ref<HTMLDivElement>;
  isDragging?: boolean;
};

/**
 * One policy (spec 001 §2 'Policy viewer'): priority, name, description, the IF block and the THEN block;
 * drag handle, Move up / Move down, Edit and Delete for members who manage approvals. The Default Policy
 * is labelled as such and can only be edited.
 */
export const PolicyCard = ({
  businessId,
  policy,
  priority,
  canManage,
  reorder,
  onDelete,
  style,
  containerRef,
  isDragging = false,
}: PolicyCardProps) => {
  const titleId = `policy-${policy.id}-title`;
  return (
    <Paper
      ref={containerRef}
      component="article"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={titleId}
      shadow={isDragging ? 'md' : undefined}
      style={{ ...style, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      data-dragging={isDragging || undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            {reorder ? (
              <Tooltip label="Drag to reorder" withArrow>
                <ActionIcon
                  ref={reorder.handle.ref}
                  variant="subtle"
                  color="gray"
                  aria-label={`Drag to reorder ${policy.name}`}
                  disabled={reorder.disabled}
                  style={{ cursor: reorder.disabled ? undefined : 'grab', touchAction: 'none' }}
                  {...reorder.handle.attributes}
                  {...reorder.handle.listeners}
                >
                  <IconGripVertical size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                {policy.isDefault ? (
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    {DEFAULT_POLICY_NAME}
                  </Badge>
                ) : (
                  <Badge
                    variant="light"
                    color="indigo"
                    radius="sm"
                    tt="none"
                    aria-label={`Priority ${priority}`}
                  >
                    Priority {priority}
                  </Badge>
                )}
                <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                  {policy.name}
                </Title>
              </Group>
              {policy.description ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {policy.description}
                </Text>
              ) : null}
            </Stack>
          </Group>
          {canManage ? (
            <Group gap={4} wrap="nowrap">
              {reorder ? (
                <>
                  <Tooltip label="Move up" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${policy.name} up`}
                      disabled={reorder.disabled || reorder.isFirst}
                      onClick={reorder.onMoveUp}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${policy.name} down`}
                      disabled={reorder.disabled || reorder.isLast}
                      onClick={reorder.onMoveDown}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </>
              ) : null}
              <Tooltip label="Edit" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  component={Link}
                  to={paths.settingsApprovalPolicyEdit(businessId, policy.id)}
                  aria-label={`Edit policy ${policy.name}`}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              {!policy.isDefault && onDelete ? (
                <Tooltip label="Delete" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete policy ${policy.name}`}
                    onClick={() => onDelete(policy)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ) : null}
        </Group>
        <Divider />
        <PolicyConditions policy={policy} />
        <PolicyStages policy={policy} />
      </Stack>
    </Paper>
  );
};
