import { OTP_LENGTH, sanitiseOtpInput } from '@ferry/domain';
import { PinInput, type PinInputProps } from '@mantine/core';
import { type ClipboardEvent, useRef } from 'react';

export type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** Called once all six digits are in (typed or pasted): the dialogs auto-submit here. */
  onComplete?: (value: string) => void;
  /** Accessible name of the group, e.g. 'Verification code'. */
  label: string;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
} & Pick<PinInputProps, 'size'>;

/**
 * Six digit boxes for one-time codes (spec 000 §2): digits only, paste takes up to six digits, the
 * browser may fill it from an SMS (`autocomplete="one-time-code"`).
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  error,
  disabled,
  autoFocus,
  size = 'lg',
}: CodeInputProps) {
  const rootRef = useRef<HTMLDivElement>(null);

  // Mantine ignores a paste that is not all digits ('12a34567'); keep its digits instead (spec 000 §2).
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (disabled) return;
    const digits = sanitiseOtpInput(event.clipboardData.getData('text/plain'));
    if (digits === '') return;
    onChange(digits);
    const boxes = rootRef.current?.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])');
    boxes?.[Math.min(digits.length, OTP_LENGTH - 1)]?.focus();
    if (digits.length === OTP_LENGTH) onComplete?.(digits);
  };

  return (
    <PinInput
      rootRef={rootRef}
      length={OTP_LENGTH}
      type="number"
      inputMode="numeric"
      oneTimeCode
      manageFocus
      value={value}
      onChange={(next) => onChange(sanitiseOtpInput(next))}
      onComplete={(next) => onComplete?.(sanitiseOtpInput(next))}
      aria-label={label}
      getInputProps={(index) => ({
        'aria-label': `${label}, digit ${index + 1} of ${OTP_LENGTH}`,
        onPaste: handlePaste,
        // Mantine's Modal moves focus to `[data-autofocus]` when it opens.
        ...(autoFocus && index === 0 ? { 'data-autofocus': true } : {}),
      })}
      error={error}
      disabled={disabled}
      autoFocus={autoFocus}
      size={size}
      gap="xs"
    />
  );
}
