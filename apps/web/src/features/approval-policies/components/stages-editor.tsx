import { APPROVAL_CRITERIA, type ApprovalCriteria, MAX_POLICY_STAGES, MAX_STAGE_USERS } from '@ferry/domain';
import {
  ActionIcon,
  Avatar,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { getApproverColor } from '@/components/approvers/approver-avatar';
import { newStage, type StageFormValues } from '../utils/policy-form';
import { ApproverSelect } from './approver-select';

export type StagesEditorProps = {
  businessId: string;
  stages: StageFormValues[];
  onChange: (stages: StageFormValues[]) => void;
  /** The Default Policy may have no stage (no approval needed); any other keeps at least one. */
  allowNone: boolean;
  savedLabels: ReadonlyMap<string, string>;
  /** Errors by `stages.{index}.approvers` / `stages.{index}.minApprovals`. */
  errors: Record<string, string>;
};

export const BYPASS_LABEL = 'Allow bypass of lower-level approvals';

const CRITERIA_LABELS: Record<ApprovalCriteria, { label: string; hint: string }> = {
  ANYONE: { label: 'Anyone', hint: 'One approval is enough.' },
  ALL: { label: 'All', hint: 'Every approver must approve.' },
  QUORUM: { label: 'Quorum', hint: 'A number of the approvers must approve.' },
};

const StageEditor = ({
  businessId,
  stage,
  index,
  canRemove,
  onChange,
  onRemove,
  savedLabels,
  errors,
}: {
  businessId: string;
  stage: StageFormValues;
  index: number;
  canRemove: boolean;
  onChange: (stage: StageFormValues) => void;
  onRemove: () => void;
  savedLabels: ReadonlyMap<string, string>;
  errors: Record<string, string>;
}) => {
  const number = index + 1;
  const titleId = `${stage.key}-title`;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Avatar size={26} radius="xl" variant="filled" color={getApproverColor(index)} aria-hidden>
              {number}
            </Avatar>
            <Title order={3} fz="md" id={titleId}>
              Stage {number}
            </Title>
          </Group>
          {canRemove ? (
            <Tooltip label="Remove stage" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove stage ${number}`}
                onClick={onRemove}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        <ApproverSelect
          businessId={businessId}
          label={`Stage ${number} approvers`}
          value={stage.approvers}
          onChange={(approvers) => onChange({ ...stage, approvers })}
          savedLabels={savedLabels}
          error={errors[`stages.${index}.approvers`]}
        />
        <Radio.Group
          label={`Stage ${number}: who must approve`}
          value={stage.criteria}
          onChange={(criteria) => onChange({ ...stage, criteria: criteria as ApprovalCriteria })}
        >
          <Group gap="lg" mt={6}>
            {APPROVAL_CRITERIA.map((criteria) => (
              <Radio
                key={criteria}
                value={criteria}
                label={CRITERIA_LABELS[criteria].label}
                description={CRITERIA_LABELS[criteria].hint}
              />
            ))}
          </Group>
        </Radio.Group>
        {stage.criteria === 'QUORUM' ? (
          <NumberInput
            label={`Stage ${number}: approvals needed`}
            description="At least 2, and no more than the stage’s approvers."
            value={stage.minApprovals}
            onChange={(minApprovals) => onChange({ ...stage, minApprovals })}
            min={2}
            max={MAX_STAGE_USERS}
            allowDecimal={false}
            allowNegative={false}
            w={220}
            error={errors[`stages.${index}.minApprovals`]}
          />
        ) : null}
        {index > 0 ? (
          <Checkbox
            label={BYPASS_LABEL}
            description="Approvers of this stage may approve before the earlier stages have."
            checked={stage.bypass}
            onChange={(event) => onChange({ ...stage, bypass: event.currentTarget.checked })}
            aria-label={`${BYPASS_LABEL} (stage ${number})`}
          />
        ) : null}
      </Stack>
    </Paper>
  );
};

/** The THEN block of the editor: numbered stages, each with its approvers, criteria and bypass. */
export const StagesEditor = ({
  businessId,
  stages,
  onChange,
  allowNone,
  savedLabels,
  errors,
}: StagesEditorProps) => {
  const canRemove = allowNone || stages.length > 1;
  return (
    <Stack gap="md">
      {stages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No approval required: add a stage to require approval.
        </Text>
      ) : null}
      {stages.map((stage, index) => (
        <StageEditor
          key={stage.key}
          businessId={businessId}
          stage={stage}
          index={index}
          canRemove={canRemove}
          onChange={(next) => onChange(stages.map((s, i) => (i === index ? next : s)))}
          onRemove={() => onChange(stages.filter((_, i) => i !== index))}
          savedLabels={savedLabels}
          errors={errors}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...stages, newStage()])}
          disabled={stages.length >= MAX_POLICY_STAGES}
        >
          Add stage
        </Button>
      </Group>
    </Stack>
  );
};
