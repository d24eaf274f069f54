import type { FormErrors } from '@mantine/form';
import { useCallback, useRef } from 'react';

type Errors = FormErrors;
type Validator<Values> = (values: Values) => Errors;

/**
 * A form's validation whose code (zod and the domain schemas, about 25 KB compressed) loads on the
 * person's first keystroke or click in the form, or on submit, instead of with the page: the sign-in page
 * shows itself without it. `validate` goes to `useForm` (it passes everything until the code is there);
 * `prepare` starts the load (give it to the form's `onKeyDownCapture` and `onPointerDownCapture`);
 * `whenReady` wraps a submit handler so it validates with the real rules first.
 *
 * If the code cannot load (offline), submitting goes on without it: the server checks the same schemas and
 * answers with the same messages.
 */
export function useDeferredValidation<Values>(load: () => Promise<Validator<Values>>) {
  const validator = useRef<Validator<Values> | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const prepare = useCallback(() => {
    loading.current ??= load().then(
      (loaded) => {
        validator.current = loaded;
      },
      () => {
        loading.current = null;
      },
    );
    return loading.current;
  }, [load]);

  const validate = useCallback((values: Values) => validator.current?.(values) ?? {}, []);

  /** `submit` (a `form.onSubmit(...)` handler) after the rules have loaded. */
  const whenReady = useCallback(
    (submit: () => void) => (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      void prepare().then(() => submit());
    },
    [prepare],
  );

  return { validate, prepare, whenReady };
}
