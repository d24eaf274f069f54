import { type ComboboxRenderPillInput, Pill } from '@mantine/core';

/**
 * A MultiSelect pill whose remove button keyboard and screen-reader users can reach ('Remove Ada
 * Lovelace'); Mantine's own is hidden from them. Pass as `renderPill`.
 */
export const renderRemovablePill = ({
  option,
  value,
  onRemove,
  disabled,
}: ComboboxRenderPillInput<string>) => {
  const label = option?.label ?? value;
  return (
    <Pill
      withRemoveButton={!disabled}
      onRemove={onRemove}
      disabled={disabled}
      removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove ${label}` }}
    >
      {label}
    </Pill>
  );
};
