import { type BeneficialOwnersRequest, beneficialOwnersRequestSchema } from '@ferry/domain';
import type { BeneficialView } from '../api/get-beneficial-owners';

/** The control person as typed: the signed-in user (only a title), or someone else. */
export type ControlPersonValues = {
  isSelf: boolean;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
};

/** Someone else owning 25% or more; `personId` links a saved row to its person (status, resend). */
export type OwnerRowValues = {
  key: string;
  personId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  ownershipPercent: number | string;
};

export type OwnersValues = {
  controlPerson: ControlPersonValues;
  /** 'I own 25% or more' and the signed-in user's stake. */
  self: { owns: boolean; ownershipPercent: number | string };
  owners: OwnerRowValues[];
};

/** Where a message about the owners as a whole (total, how many) is kept in the form's errors. */
export const OWNERS_LIST_ERROR = 'owners';

let rowCount = 0;
export const newRowKey = (): string => {
  rowCount += 1;
  return `owner-${rowCount}`;
};

export const emptyOwnerRow = (): OwnerRowValues => ({
  key: newRowKey(),
  personId: null,
  firstName: '',
  lastName: '',
  email: '',
  ownershipPercent: '',
});

/** The form's starting values from what was saved (the signed-in user as control person when nothing was). */
export const toOwnersValues = (view: BeneficialView): OwnersValues => {
  const control = view.controlPerson;
  const selfOwner = view.owners.find((owner) => owner.isSelf);
  return {
    controlPerson: control
      ? {
          isSelf: control.isSelf,
          title: control.title,
          firstName: control.isSelf ? '' : control.firstName,
          lastName: control.isSelf ? '' : control.lastName,
          email: control.isSelf ? '' : control.email,
        }
      : { isSelf: true, title: '', firstName: '', lastName: '', email: '' },
    self: { owns: selfOwner !== undefined, ownershipPercent: selfOwner?.ownershipPercent ?? '' },
    owners: view.owners
      .filter((owner) => !owner.isSelf)
      .map((owner) => ({
        key: newRowKey(),
        personId: owner.id,
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        ownershipPercent: owner.ownershipPercent,
      })),
  };
};

/** A typed percentage as a number; an empty field stays missing so the range message shows. */
const toPercent = (value: number | string): number | undefined => {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
};

/** How many people are listed as owners (the signed-in user included). */
export const countOwners = (values: OwnersValues): number =>
  values.owners.length + (values.self.owns ? 1 : 0);

const toInput = (values: OwnersValues, submit: boolean): unknown => {
  const { controlPerson: c } = values;
  return {
    controlPerson: c.isSelf
      ? { isSelf: true, title: c.title }
      : { isSelf: false, firstName: c.firstName, lastName: c.lastName, email: c.email, title: c.title },
    owners: [
      ...(values.self.owns
        ? [{ isSelf: true, ownershipPercent: toPercent(values.self.ownershipPercent) }]
        : []),
      ...values.owners.map((owner) => ({
        isSelf: false,
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        ownershipPercent: toPercent(owner.ownershipPercent),
      })),
    ],
    submit,
  };
};

/**
 * A schema or server path (`owners.1.email`) as the form's path: the signed-in user's stake is sent
 * first among the owners, the rows after it; a message about the owners as a whole stays `owners`.
 */
export const toOwnersFormPath = (path: string, values: OwnersValues): string => {
  const match = /^owners\.(\d+)(?:\.(.+))?$/.exec(path);
  if (!match) return path;
  const index = Number(match[1]);
  const field = match[2];
  if (values.self.owns && index === 0) return 'self.ownershipPercent';
  const row = index - (values.self.owns ? 1 : 0);
  return field ? `owners.${row}.${field}` : `owners.${row}.ownershipPercent`;
};

/** `beneficialOwnersRequestSchema`, as the server applies it: the first message per field. */
export const validateOwners = (values: OwnersValues): Record<string, string> => {
  const result = beneficialOwnersRequestSchema.safeParse(toInput(values, false));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.length === 0 ? OWNERS_LIST_ERROR : toOwnersFormPath(issue.path.join('.'), values);
    errors[path] ??= issue.message;
  }
  return errors;
};

/** The PATCH body, or null when the values do not pass the schema. */
export const toOwnersRequest = (values: OwnersValues, submit: boolean): BeneficialOwnersRequest | null => {
  const result = beneficialOwnersRequestSchema.safeParse(toInput(values, submit));
  return result.success ? result.data : null;
};

/** The emails of the other people listed: they are invited when the verification is submitted. */
export const listInvitees = (values: OwnersValues): string[] => {
  const emails = [
    ...(values.controlPerson.isSelf ? [] : [values.controlPerson.email.trim()]),
    ...values.owners.map((owner) => owner.email.trim()),
  ].filter((email) => email !== '');
  return [...new Set(emails.map((email) => email.toLowerCase()))];
};
