import { z } from 'zod';

export const EDGE_WHITESPACE_MESSAGE =
  "No white space is allowed at the start and end. Only - . ' / _ & , are allowed as special characters.";

export interface TextRule {
  /** Message for an empty value; when absent the field is optional (empty string allowed). */
  required?: string;
  onlySpaces?: string;
  edgeWhitespace?: string;
  min?: { length: number; message: string };
  max?: { length: number; message: string };
  pattern?: { regex: RegExp; message: string };
  /** Extra checks, in order, after the others. */
  checks?: readonly { test: (value: string) => boolean; message: string }[];
  /** Collapse runs of whitespace before measuring length. */
  collapseWhitespace?: boolean;
}

/** The first message a value breaks, checked in a fixed order, or undefined when valid. */
export const firstTextError = (value: string, rule: TextRule): string | undefined => {
  if (value === '') return rule.required;
  if (value.trim() === '' && (rule.onlySpaces ?? rule.required)) return rule.onlySpaces ?? rule.required;
  if (rule.edgeWhitespace && value !== value.trim()) return rule.edgeWhitespace;
  const measured = rule.collapseWhitespace ? value.trim().replace(/\s+/g, ' ') : value;
  const length = [...measured].length;
  if (rule.min && length < rule.min.length) return rule.min.message;
  if (rule.max && length > rule.max.length) return rule.max.message;
  if (rule.pattern && !rule.pattern.regex.test(value)) return rule.pattern.message;
  return rule.checks?.find((c) => !c.test(value))?.message;
};

/** A string schema reporting only the first broken rule, with the spec's message. */
export const textField = (rule: TextRule) =>
  z.string({ error: rule.required ?? 'Invalid value' }).superRefine((value, ctx) => {
    const message = firstTextError(value, rule);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Name-style field of spec 000 §5 / 002 §5: 2–25 (by default), letters and spaces (plus - . ' / _ & ,). */
export const nameField = (
  label: string,
  options: { min?: number; max?: number; optional?: boolean } = {},
) => {
  const min = options.min ?? 2;
  const max = options.max ?? 25;
  return textField({
    ...(options.optional ? {} : { required: `${label} is required.` }),
    onlySpaces: `${label} cannot contain only spaces.`,
    edgeWhitespace: EDGE_WHITESPACE_MESSAGE,
    min: { length: min, message: `${label} must be at least ${min} characters.` },
    max: { length: max, message: `${label} cannot exceed ${max} characters.` },
    pattern: { regex: /^[\p{L}\s\-.'/_&,]+$/u, message: `${label} can only contain letters and spaces` },
  });
};
