import { Button, Group } from '@mantine/core';

export type FormActionsProps = {
  submitLabel: string;
  onCancel: () => void;
  isSubmitting: boolean;
};

/** 'Cancel' and the submit button at the end of a small form; Cancel is off while it submits. */
export const FormActions = ({ submitLabel, onCancel, isSubmitting }: FormActionsProps) => (
  <Group justify="flex-end" gap="sm">
    <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
      Cancel
    </Button>
    <Button type="submit" loading={isSubmitting}>
      {submitLabel}
    </Button>
  </Group>
);
