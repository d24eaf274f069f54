import type { PolicyView } from '@ferry/domain';
import { Avatar, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconArrowsUp } from '@tabler/icons-react';
import { ApproverAvatar } from '@/components/approvers/approver-avatar';
import { describeAmountCondition, describeStage, describeVendorCondition } from '../utils/policy-display';

const BlockLabel = ({ children }: { children: string }) => (
  <Text
    component="span"
    size="xs"
    fw={700}
    c="dimmed"
    tt="uppercase"
    w={48}
    style={{ letterSpacing: '0.06em', flexShrink: 0 }}
  >
    {children}
  </Text>
);

/** The IF block: the policy's conditions joined by AND (the Default Policy covers what no other does). */
export const PolicyConditions = ({ policy }: { policy: Pick<PolicyView, 'conditions' | 'isDefault'> }) => {
  const lines: string[] = [];
  if (policy.conditions.amount) lines.push(describeAmountCondition(policy.conditions.amount));
  if (policy.conditions.vendorIds)
    lines.push(describeVendorCondition(policy.conditions.vendorIds.map((v) => v.label)));
  const vendorTitle = policy.conditions.vendorIds?.map((v) => v.label).join(', ');
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <BlockLabel>If</BlockLabel>
      <Stack gap={4} style={{ minWidth: 0 }}>
        {policy.isDefault || lines.length === 0 ? (
          <Text size="sm">A bill no other policy covers</Text>
        ) : (
          lines.map((line, index) => (
            <Group key={line} gap={6} wrap="nowrap" align="baseline">
              {index > 0 ? (
                <Text size="xs" fw={700} c="dimmed">
                  AND
                </Text>
              ) : null}
              <Text size="sm" title={line.startsWith('Vendor') ? vendorTitle : undefined}>
                {line}
              </Text>
            </Group>
          ))
        )}
      </Stack>
    </Group>
  );
};

const StageApprovers = ({
  stage,
  stageIndex,
}: {
  stage: PolicyView['stages'][number];
  stageIndex: number;
}) => (
  <Group gap={8}>
    {stage.approvers.users.map((user) => (
      <Group key={user.userId} gap={6} wrap="nowrap">
        <ApproverAvatar
          name={user.label}
          colorIndex={stageIndex}
          size={26}
          tooltip={`${user.label} · ${user.email}`}
        />
        <Text size="sm">{user.label}</Text>
      </Group>
    ))}
    {stage.approvers.approvalGroups.map((group) => (
      <Group key={group.groupId} gap={6} wrap="nowrap">
        <ApproverAvatar
          name={group.label}
          colorIndex={stageIndex}
          isGroup
          size={26}
          tooltip={group.userNames.length > 0 ? `${group.label}: ${group.userNames.join(', ')}` : group.label}
        />
        <Text size="sm">
          {group.label}
          <Text component="span" size="xs" c="dimmed">
            {` (group of ${group.userNames.length})`}
          </Text>
        </Text>
      </Group>
    ))}
  </Group>
);

/**
 * The THEN block: 'Require approval' with numbered stages ('Stage 1 · Anyone of'), each stage's approvers
 * in its palette colour, and whether it may bypass the stages before it; 'No approval required' without
 * stages.
 */
export const PolicyStages = ({ policy }: { policy: Pick<PolicyView, 'stages'> }) => {
  const stages = [...policy.stages].sort((a, b) => a.order - b.order);
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <BlockLabel>Then</BlockLabel>
      {stages.length === 0 ? (
        <Text size="sm">No approval required</Text>
      ) : (
        <Stack gap="sm" style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600}>
            Require approval
          </Text>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {stages.map((stage, index) => (
              <Box component="li" key={stage.order}>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Avatar size={22} radius="xl" variant="light" color="gray" aria-hidden>
                    {index + 1}
                  </Avatar>
                  <Stack gap={6} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {describeStage(stage, index)}
                      </Text>
                      {stage.bypassLowerLevelApprovals ? (
                        <Badge
                          size="sm"
                          variant="light"
                          color="orange"
                          tt="none"
                          leftSection={<IconArrowsUp size={12} aria-hidden />}
                        >
                          May bypass lower stages
                        </Badge>
                      ) : null}
                    </Group>
                    <StageApprovers stage={stage} stageIndex={index} />
                  </Stack>
                </Group>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
    </Group>
  );
};
