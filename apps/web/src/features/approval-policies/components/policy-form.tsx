import {
  APPROVAL_MESSAGES,
  DEFAULT_POLICY_NAME,
  type PolicyView,
  paths,
  policyNameSchema,
} from '@ferry/domain';
import { Alert, Button, Group, List, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { policyNameExists, useCreatePolicy, useUpdatePolicy } from '../api/save-policy';
import { classifyPolicyError } from '../utils/policy-errors';
import {
  emptyPolicyValues,
  groupApprover,
  type PolicyFormErrors,
  type PolicyFormValues,
  toPolicyFormValues,
  toPolicyRequest,
  toPolicyUpdateRequest,
  userApprover,
  validatePolicyForm,
} from '../utils/policy-form';
import { ConditionsEditor } from './conditions-editor';
import { StagesEditor } from './stages-editor';

export type PolicyFormProps = {
  businessId: string;
  /** The policy being edited; none when creating. */
  policy: PolicyView | undefined;
};

export const POLICY_NAME_MAX = 60;
export const POLICY_DESCRIPTION_MAX = 200;

const NO_ERRORS: PolicyFormErrors = { fields: {}, messages: [] };

/** The approvers' names as saved, for those the pickers no longer list. */
const savedLabelsOf = (policy: PolicyView | undefined): Map<string, string> => {
  const labels = new Map<string, string>();
  for (const stage of policy?.stages ?? []) {
    for (const user of stage.approvers.users) labels.set(userApprover(user.userId), user.label);
    for (const group of stage.approvers.approvalGroups) labels.set(groupApprover(group.groupId), group.label);
  }
  return labels;
};

const nameError = (name: string): string | undefined => {
  const result = policyNameSchema.safeParse(name.trim());
  return result.success ? undefined : result.error.issues[0]?.message;
};

/**
 * The policy editor's form (spec 001 §2, §5, §8): name (checked against the other policies' names),
 * description, the IF conditions and the THEN stages. The Default Policy keeps its name and has no
 * conditions. Saving returns to the list.
 */
export const PolicyForm = ({ businessId, policy }: PolicyFormProps) => {
  const navigate = useNavigate();
  const mode = policy ? 'edit' : 'create';
  const isDefault = policy?.isDefault ?? false;
  const [initialValues] = useState<PolicyFormValues>(() =>
    policy ? toPolicyFormValues(policy) : emptyPolicyValues(),
  );
  const [values, setValues] = useState<PolicyFormValues>(initialValues);
  const [savedLabels] = useState(() => savedLabelsOf(policy));
  /** Once a save was tried, every check shows and follows the typing. */
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<{ name?: boolean; description?: boolean }>({});
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<PolicyFormErrors>(NO_ERRORS);
  const [isChecking, setIsChecking] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const create = useCreatePolicy(businessId);
  const update = useUpdatePolicy(businessId);
  const isSaving = create.isPending || update.isPending || isChecking;
  const listHref = paths.settingsApprovalPolicies(businessId);

  const checks = validatePolicyForm(values, isDefault);
  const fieldError = (field: string): string | undefined => {
    if (field === 'name' && nameTaken) return nameTaken;
    if (serverErrors.fields[field]) return serverErrors.fields[field];
    const shown =
      submitted || (field === 'name' && touched.name) || (field === 'description' && touched.description);
    return shown ? checks.fields[field] : undefined;
  };
  const messages = [...(submitted ? checks.messages : []), ...serverErrors.messages].filter(
    (message, index, all) => all.indexOf(message) === index,
  );

  const change = (next: Partial<PolicyFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors(NO_ERRORS);
  };

  /** 'Policy name exists' when another policy has the name (not asked for the Default Policy). */
  const checkNameTaken = async (name: string): Promise<boolean> => {
    if (isDefault || nameError(name) || name.trim() === policy?.name) {
      setNameTaken(null);
      return false;
    }
    try {
      const { exists } = await policyNameExists(businessId, {
        name: name.trim(),
        ...(policy ? { policyId: policy.id } : {}),
      });
      setNameTaken(exists ? APPROVAL_MESSAGES.policyNameExists : null);
      return exists;
    } catch {
      // The save itself is refused (409) if the name is taken after all.
      return false;
    }
  };

  const focusFirstProblem = () => {
    setTimeout(() => {
      const field = document.querySelector<HTMLElement>('[data-policy-form] [aria-invalid="true"]');
      (field ?? summaryRef.current)?.focus();
    }, 0);
  };

  const save = async () => {
    setSubmitted(true);
    setServerErrors(NO_ERRORS);
    if (checks.messages.length > 0 || Object.keys(checks.fields).length > 0) {
      focusFirstProblem();
      return;
    }
    setIsChecking(true);
    const taken = await checkNameTaken(values.name);
    setIsChecking(false);
    if (taken) {
      focusFirstProblem();
      return;
    }
    try {
      const result = policy
        ? await update.mutateAsync(toPolicyUpdateRequest(policy.id, values, isDefault))
        : await create.mutateAsync(toPolicyRequest(values));
      const fallback = mode === 'create' ? APPROVAL_MESSAGES.policyCreated : APPROVAL_MESSAGES.policyUpdated;
      notifications.show({ color: 'teal', message: result.message.trim() || fallback });
      void navigate(listHref);
    } catch (error) {
      const failure = classifyPolicyError(error, mode);
      if (failure.kind === 'form') {
        if (failure.errors.fields.name === APPROVAL_MESSAGES.policyNameExists)
          setNameTaken(failure.errors.fields.name);
        else setServerErrors(failure.errors);
        focusFirstProblem();
      } else {
        notifications.show({ color: 'red', message: failure.message });
      }
    }
  };

  return (
    <form
      data-policy-form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!isSaving) void save();
      }}
    >
      <Stack gap="lg">
        <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="policy-details">
          <Stack gap="md">
            <Title order={2} fz="lg" id="policy-details">
              Details
            </Title>
            <TextInput
              label="Policy name"
              withAsterisk={!isDefault}
              readOnly={isDefault}
              variant={isDefault ? 'filled' : 'default'}
              placeholder="e.g. Bills over $10,000"
              autoComplete="off"
              description={
                isDefault
                  ? `The ${DEFAULT_POLICY_NAME}’s name is fixed.`
                  : `Up to ${POLICY_NAME_MAX} characters.`
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={isDefault ? DEFAULT_POLICY_NAME : values.name}
              onChange={(event) => {
                change({ name: event.currentTarget.value });
                setNameTaken(null);
              }}
              onBlur={() => {
                setTouched((current) => ({ ...current, name: true }));
                void checkNameTaken(values.name);
              }}
              error={isDefault ? undefined : fieldError('name')}
            />
            <Textarea
              label="Description"
              placeholder="What the policy is for"
              rows={2}
              description={`${[...values.description].length}/${POLICY_DESCRIPTION_MAX} characters`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={values.description}
              onChange={(event) => change({ description: event.currentTarget.value })}
              onBlur={() => setTouched((current) => ({ ...current, description: true }))}
              error={fieldError('description')}
            />
          </Stack>
        </Paper>

        {isDefault ? null : (
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="policy-conditions">
            <Stack gap="md">
              <Stack gap={2}>
                <Title order={2} fz="lg" id="policy-conditions">
                  If
                </Title>
                <Text size="sm" c="dimmed">
                  A bill follows this policy when it meets every condition below.
                </Text>
              </Stack>
              <ConditionsEditor
                businessId={businessId}
                amount={values.amount}
                vendors={values.vendors}
                onAmountChange={(amount) => change({ amount })}
                onVendorsChange={(vendors) => change({ vendors })}
                amountError={fieldError('amount')}
                vendorsError={fieldError('vendors')}
              />
            </Stack>
          </Paper>
        )}

        <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="policy-stages">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={2} fz="lg" id="policy-stages">
                Then: require approval
              </Title>
              <Text size="sm" c="dimmed">
                {isDefault
                  ? 'Bills no other policy covers go through these stages; without a stage they need no approval.'
                  : 'Stages approve one after the other; each stage names who approves and how many must.'}
              </Text>
            </Stack>
            <StagesEditor
              businessId={businessId}
              stages={values.stages}
              onChange={(stages) => change({ stages })}
              allowNone={isDefault}
              savedLabels={savedLabels}
              errors={submitted ? { ...checks.fields, ...serverErrors.fields } : serverErrors.fields}
            />
          </Stack>
        </Paper>

        {messages.length > 0 ? (
          <Alert
            ref={summaryRef}
            tabIndex={-1}
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Before saving"
          >
            {messages.length === 1 ? (
              <Text size="sm">{messages[0]}</Text>
            ) : (
              <List size="sm">
                {messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={listHref} variant="default" disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {mode === 'create' ? 'Create Policy' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
