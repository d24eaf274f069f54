import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

export type PasswordFieldProps = Omit<
  PasswordInputProps,
  'visible' | 'onVisibilityChange' | 'visibilityToggleButtonProps' | 'visibilityToggleFocusable'
>;

/**
 * A password input whose show/hide toggle is a labelled, keyboard-reachable button (Mantine adds its
 * `aria-pressed`). The field is marked `aria-invalid` while it shows an error, and the error is announced.
 */
export const PasswordField = ({ ref, error, ...props }: PasswordFieldProps) => {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      errorProps={{ role: 'alert' }}
      {...props}
      error={error}
      // Mantine marks the inner input only with data-invalid; assistive technology needs aria-invalid.
      aria-invalid={Boolean(error)}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password' }}
    />
  );
};
