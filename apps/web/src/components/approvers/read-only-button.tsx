import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export type ReadOnlyButtonProps = Omit<ButtonProps, 'disabled'> & {
  children: ReactNode;
  /** Why the action is not available: the tooltip, also read by screen readers. */
  reason: string;
};

/**
 * An action the member's role does not allow: shown disabled, yet still focusable so that the tooltip
 * saying why opens on hover and on focus (a disabled button gets no pointer or focus events).
 */
export const ReadOnlyButton = ({ children, reason, ...props }: ReadOnlyButtonProps) => {
  const reasonId = useId();
  return (
    <>
      <Tooltip
        label={reason}
        withArrow
        multiline
        maw={300}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          {...props}
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
};
