import { useForm } from '@mantine/form';
import { useCallback } from 'react';
import { type ContactFormValues, validateContact } from '../utils/contact-form';
import type { ContactKindConfig } from '../utils/contact-kind';

/**
 * The contact form: validated by the shared schema on submit and field by field on blur. The rule is a
 * stable function, so the form's setters stay stable and the heavy selects (phone country, country,
 * state) can skip renders while another field is typed in.
 */
export const useContactForm = (config: ContactKindConfig, initialValues: ContactFormValues) => {
  const validate = useCallback((values: ContactFormValues) => validateContact(values, config), [config]);
  return useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnBlur: true,
  });
};
