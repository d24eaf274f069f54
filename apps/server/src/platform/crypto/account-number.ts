import type { SecretBox } from './secret-box.js';

/** What may be shown of a bank account number: its last 4 digits. */
export const accountMaskOf = (accountNumber: string): string => accountNumber.slice(-4);

/**
 * A bank account number as a row stores it: sealed (AES-256-GCM) with the row's context, so the
 * ciphertext cannot be moved to another row, and only its last 4 digits readable.
 */
export const sealAccountNumber = (box: SecretBox, accountNumber: string, sealContext: string) => ({
  accountNumberCiphertext: box.seal(accountNumber, sealContext),
  accountMask: accountMaskOf(accountNumber),
});
