import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

export type PasswordFieldProps = Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>;

/** A password input whose show/hide toggle is a labelled, keyboard-reachable button. */
export const PasswordField = ({ ref, ...props }: PasswordFieldProps) => {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? 'Hide password' : 'Show password',
        tabIndex: 0,
      }}
      errorProps={{ role: 'alert' }}
      {...props}
    />
  );
};
