import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ContactFormValues } from '../utils/contact-form';
import type { ContactKindConfig } from '../utils/contact-kind';

export type SecondaryEmailsFieldProps = {
  form: UseFormReturnType<ContactFormValues>;
  config: ContactKindConfig;
};

/**
 * The secondary (vendor) or additional (customer) emails: a list with add and remove. At most the
 * domain rule's count (vendor 5, customer 3): the add button stops there and says why; duplicates and the
 * primary email are refused by the shared schema on submit.
 */
export const SecondaryEmailsField = ({ form, config }: SecondaryEmailsFieldProps) => {
  const emails = form.getValues().secondaryEmails;
  const isFull = emails.length >= config.emailsRule.max;
  const listError = form.errors.secondaryEmails;
  const singular = config.kind === 'vendor' ? 'Secondary email' : 'Additional email';
  return (
    <Input.Wrapper
      label={config.secondaryEmailsLabel}
      description={`Optional. Up to ${config.emailsRule.max}; they receive the same emails as the primary.`}
      error={listError}
    >
      <Stack gap="xs" mt={6}>
        {emails.map((_, index) => (
          <Group
            // Rows have no identity but their position; removing re-renders the rest.
            // biome-ignore lint/suspicious/noArrayIndexKey: list rows are positional
            key={index}
            gap="xs"
            align="flex-start"
            wrap="nowrap"
          >
            <TextInput
              aria-label={`${singular} ${index + 1}`}
              placeholder="name@example.com"
              type="email"
              style={{ flex: 1 }}
              {...form.getInputProps(`secondaryEmails.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={2}
              aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`}
              onClick={() => form.removeListItem('secondaryEmails', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={isFull}
            onClick={() => form.insertListItem('secondaryEmails', '')}
          >
            Add {singular.toLowerCase()}
          </Button>
          {isFull ? (
            <Text size="xs" c="dimmed" role="status">
              {config.emailsRule.maxMessage}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
};
