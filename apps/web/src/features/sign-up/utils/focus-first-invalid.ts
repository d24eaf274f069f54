/** Moves focus to the first field marked invalid, once the new errors are rendered. */
export const focusFirstInvalid = (form: HTMLFormElement): void => {
  setTimeout(() => form.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus(), 0);
};
