import { Badge, Stack, Text, Tooltip } from '@mantine/core';

/** '+N' for the secondary emails of a contact, listing them in a tooltip (spec 002 §2). Nothing without any. */
export const SecondaryEmailsBadge = ({ emails }: { emails: readonly string[] }) => {
  if (emails.length === 0) return null;
  return (
    <Tooltip
      withArrow
      multiline
      maw={360}
      label={
        <Stack gap={2}>
          {emails.map((email) => (
            <Text key={email} size="xs" style={{ overflowWrap: 'anywhere' }}>
              {email}
            </Text>
          ))}
        </Stack>
      }
    >
      <Badge
        variant="light"
        color="gray"
        radius="sm"
        size="sm"
        tt="none"
        tabIndex={0}
        aria-label={`${emails.length} more ${emails.length === 1 ? 'email' : 'emails'}: ${emails.join(', ')}`}
        style={{ cursor: 'default', flexShrink: 0 }}
      >
        +{emails.length}
      </Badge>
    </Tooltip>
  );
};
