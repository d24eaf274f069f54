import type { Role } from '@ferry/domain';
import { Alert, Group, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { getErrorMessage } from '@/lib/api-error';
import { useRoleOptions } from '../api/get-role-options';

export type RoleSelectProps = {
  businessId: string;
  value: string | null;
  onChange: (roleId: string | null) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  disabled?: boolean;
  id?: string;
};

/**
 * The role selector of the add-user and change-role forms (spec 001 §2): each option shows the role's
 * name and description; the chosen role's description shows under the field.
 */
export const RoleSelect = ({ businessId, value, onChange, onBlur, error, disabled, id }: RoleSelectProps) => {
  const rolesQuery = useRoleOptions(businessId);
  const roles = rolesQuery.data ?? [];
  const byId = new Map<string, Role>(roles.map((role) => [role.id, role]));
  const selected = value ? byId.get(value) : undefined;

  const renderOption: SelectProps['renderOption'] = ({ option, checked }) => {
    const role = byId.get(option.value);
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start" w="100%">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {option.label}
          </Text>
          {role?.description ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {role.description}
            </Text>
          ) : null}
        </Stack>
        {checked ? <IconCheck size={16} aria-hidden /> : null}
      </Group>
    );
  };

  return (
    <Stack gap={6}>
      <Select
        id={id}
        label="Role"
        placeholder={rolesQuery.isPending ? 'Loading roles...' : 'Select a role'}
        withAsterisk
        data={roles.map((role) => ({ value: role.id, label: role.name }))}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        disabled={disabled || rolesQuery.isPending}
        searchable
        nothingFoundMessage="No roles found"
        renderOption={renderOption}
        description={selected?.description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={320}
      />
      {rolesQuery.isError ? (
        <Alert color="red" variant="light" role="alert">
          {`Error loading data: ${getErrorMessage(rolesQuery.error)}`}
        </Alert>
      ) : null}
    </Stack>
  );
};
