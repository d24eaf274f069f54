import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A failure to show in a form or a card: a red alert, announced when it appears. Nothing without a message. */
export const ErrorAlert = ({ children }: { children?: ReactNode }) =>
  children ? (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {children}
    </Alert>
  ) : null;
