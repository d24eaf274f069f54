import { isApiError } from '@/lib/api-error';

/** The server's message for the phone: a field error about it, or the 400 / 409 answer itself. */
export const phoneMessageOf = (error: unknown): string | null => {
  if (!isApiError(error)) return null;
  const onField = error.errors.find((item) => /phone|lastFour/i.test(item.field));
  if (onField) return onField.message;
  return error.statusCode === 400 || error.statusCode === 409 ? error.message : null;
};

/** A code request of the phone step: sends the SMS code, answers its request id. */
export type PhoneCodeRequest = () => Promise<{ requestId: string }>;

/** The forms of the phone step tell it a code went out, and how to ask for another one. */
export type PhoneFormProps = { onSent: (requestId: string, resend: PhoneCodeRequest) => void };
