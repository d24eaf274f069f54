import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { focusFirstInvalid } from './focus-first-invalid';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** The first message of each top-level field a schema rejects (`phone.phoneNumber` counts for `phone`). */
export const schemaFieldErrors = <V>(schema: z.ZodType, values: V): FieldErrors<V> => {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors as FieldErrors<V>;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<V>;
};

/**
 * Form state for the sign-up pages: a field is validated when it is left (blur) and, from then on, on
 * every change; submit validates everything. `validate` returns the message of every invalid field.
 */
export function useFieldForm<V extends Record<string, unknown>>(options: {
  initialValues: V;
  validate: (values: V) => FieldErrors<V>;
  /** Fields whose check depends on another (`{ password: ['confirmPassword'] }`): re-checked with it. */
  linked?: Partial<Record<keyof V & string, (keyof V & string)[]>>;
}) {
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const checked = useRef(new Set<keyof V & string>());
  const valuesRef = useRef(values);
  const validateRef = useRef(options.validate);
  validateRef.current = options.validate;
  const linkedRef = useRef(options.linked);
  linkedRef.current = options.linked;

  const checkField = useCallback((field: keyof V & string, next: V) => {
    const message = validateRef.current(next)[field];
    setErrors((current) => {
      if (current[field] === message) return current;
      const updated = { ...current };
      if (message) updated[field] = message;
      else delete updated[field];
      return updated;
    });
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(field: K, value: V[K]) => {
      const next = { ...valuesRef.current, [field]: value };
      valuesRef.current = next;
      setValues(next);
      if (checked.current.has(field)) checkField(field, next);
      else
        setErrors((current) => {
          if (!(field in current)) return current;
          const updated = { ...current };
          delete updated[field];
          return updated;
        });
      for (const other of linkedRef.current?.[field] ?? []) {
        if (checked.current.has(other)) checkField(other, next);
      }
    },
    [checkField],
  );

  /** Starts checking a field (on blur, or at once for checkboxes and selects). */
  const touch = useCallback(
    (field: keyof V & string) => {
      checked.current.add(field);
      checkField(field, valuesRef.current);
    },
    [checkField],
  );

  /** Validates every field; true when the form is valid. */
  const validateAll = useCallback((): boolean => {
    const all = validateRef.current(valuesRef.current);
    for (const field of Object.keys(valuesRef.current)) checked.current.add(field as keyof V & string);
    setErrors(all);
    return Object.keys(all).length === 0;
  }, []);

  /**
   * The start of a submit: keeps the browser from sending the form, validates every field and moves focus
   * to the first invalid one. True when the form may be sent.
   */
  const validateSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>): boolean => {
      event.preventDefault();
      if (validateAll()) return true;
      focusFirstInvalid(event.currentTarget);
      return false;
    },
    [validateAll],
  );

  /** Shows errors from elsewhere (the server's field errors). */
  const setFieldErrors = useCallback((next: FieldErrors<V>) => {
    setErrors((current) => ({ ...current, ...next }));
  }, []);

  return { values, errors, setValue, touch, validateAll, validateSubmit, setFieldErrors };
}
