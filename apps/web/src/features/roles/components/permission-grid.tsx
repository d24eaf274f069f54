import {
  isPermissionChecked,
  isPermissionLocked,
  PERMISSION_SECTIONS,
  type PermissionItem,
  type PermissionSection,
  togglePermission,
} from '@ferry/domain';
import { Checkbox, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { memo, useId } from 'react';

export type PermissionGridProps = {
  /** The permission keys of the role. */
  value: readonly string[];
  /** The keys after one box changed (spec 001 §4 toggling, by the domain's `togglePermission`). */
  onChange: (next: string[]) => void;
  readOnly?: boolean;
  /** 'Assign permissions to create this role.' and the like, under the grid. */
  error?: string | undefined;
};

const boxLabel = (level: 'Manage' | 'View', section: PermissionSection, item: PermissionItem): string =>
  item.isFullAccess ? `${level} ${section.label} Full Access` : `${level} ${item.label}`;

const CENTERED = { body: { justifyContent: 'center' } };
/** A tick that cannot change (read-only, or view included with manage) still reads as a tick. */
const FIXED_TICK_STYLES = {
  ...CENTERED,
  input: {
    backgroundColor: 'var(--mantine-primary-color-light)',
    borderColor: 'var(--mantine-primary-color-light)',
  },
  icon: { color: 'var(--mantine-primary-color-filled)' },
};

type BoxProps = {
  permissionKey: string;
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  readOnly: boolean;
};

/** One box; a view box ticked (and locked) by its manage box says so and cannot be unticked. */
const PermissionBox = ({ permissionKey, label, value, onChange, readOnly }: BoxProps) => {
  const checked = isPermissionChecked(value, permissionKey);
  const locked = isPermissionLocked(value, permissionKey);
  return (
    <Checkbox
      aria-label={label}
      checked={checked}
      disabled={readOnly || locked}
      title={locked && !readOnly ? 'Included with manage' : undefined}
      onChange={(event) => onChange(togglePermission(value, permissionKey, event.currentTarget.checked))}
      styles={checked && (readOnly || locked) ? FIXED_TICK_STYLES : CENTERED}
    />
  );
};

const SectionTable = ({
  section,
  value,
  onChange,
  readOnly,
}: {
  section: PermissionSection;
  value: readonly string[];
  onChange: (next: string[]) => void;
  readOnly: boolean;
}) => {
  const headingId = useId();
  const rows = [section.fullAccess, ...section.items];
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing={10} horizontalSpacing="md" aria-labelledby={headingId}>
        <Table.Thead bg="var(--mantine-color-gray-0)">
          <Table.Tr>
            <Table.Th scope="col">
              <Title order={3} fz="sm" fw={650} id={headingId}>
                {section.label}
              </Title>
            </Table.Th>
            {(['Manage', 'View'] as const).map((level) => (
              <Table.Th
                key={level}
                scope="col"
                w={96}
                ta="center"
                fz="xs"
                tt="uppercase"
                c="dimmed"
                fw={600}
                style={{ letterSpacing: '0.04em' }}
              >
                {level}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.code} bg={item.isFullAccess ? 'var(--mantine-color-gray-0)' : undefined}>
              <Table.Th scope="row" fw={item.isFullAccess ? 600 : 400}>
                <Text size="sm" fw="inherit">
                  {item.label}
                </Text>
              </Table.Th>
              <Table.Td>
                <PermissionBox
                  permissionKey={item.manage}
                  label={boxLabel('Manage', section, item)}
                  value={value}
                  onChange={onChange}
                  readOnly={readOnly}
                />
              </Table.Td>
              <Table.Td>
                <PermissionBox
                  permissionKey={item.view}
                  label={boxLabel('View', section, item)}
                  value={value}
                  onChange={onChange}
                  readOnly={readOnly}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};

/**
 * The permission editor of a role (spec 001 §3, §4): the Pay, Get Paid and Settings sections, each with
 * its Full Access row and its items, in Manage and View columns. Manage includes view (the view box is
 * ticked and locked); a section's full access covers all its items.
 */
export const PermissionGrid = memo(function PermissionGrid({
  value,
  onChange,
  readOnly = false,
  error,
}: PermissionGridProps) {
  const errorId = useId();
  return (
    <Stack
      gap="md"
      role="group"
      aria-label="Permissions"
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? 'true' : undefined}
    >
      {PERMISSION_SECTIONS.map((section) => (
        <SectionTable
          key={section.area}
          section={section}
          value={value}
          onChange={onChange}
          readOnly={readOnly}
        />
      ))}
      {error ? (
        <Text id={errorId} size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
});
