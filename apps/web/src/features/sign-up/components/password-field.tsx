import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

export type PasswordFieldProps = Omit<
  PasswordInputProps,
  'visible' | 'onVisibilityChange' | 'visibilityToggleButtonProps'
>;

/** A password input whose show/hide toggle is a labelled, keyboard-reachable button. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      // Mantine marks the inner input only with data-invalid; assistive technology needs aria-invalid.
      aria-invalid={Boolean(props.error)}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible ? 'Hide password' : 'Show password',
        'aria-pressed': visible,
      }}
    />
  );
}
