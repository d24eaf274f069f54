import { MONEY_MESSAGES } from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { buildApiUrl } from '@/lib/api-client';
import { clientConfigQueryOptions, readClientConfig } from '@/lib/client-config';
import { type CardVaultConfig, cardVaultConfigSchema, type VaultToken, vaultTokenSchema } from './schemas';

/** `GET /client-config` → `cardVault`: which vault tokenises cards here (sandbox or Stripe). */
const readCardVaultConfig = readClientConfig(cardVaultConfigSchema);
const readCardVault = (config: unknown): CardVaultConfig => readCardVaultConfig(config).cardVault;

export const useCardVaultConfig = () => useQuery({ ...clientConfigQueryOptions(), select: readCardVault });

/** What the sandbox vault takes: the card and its billing address (country as a 3-letter code). */
export type VaultCardInput = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  billingAddress: {
    line1: string;
    line2: string;
    city: string;
    region: string;
    postal_code: string;
    country: string;
  };
};

/** A failure answered by the card vault, with the message to show (spec 002 §8: its first error). */
export class CardVaultError extends Error {
  override readonly name = 'CardVaultError';
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.code = code;
  }
}

type VaultErrorBody = { message?: unknown; errorCode?: unknown; errors?: unknown };

/** The first message the vault gave: its first field error when it listed some, else its message. */
export const firstVaultMessage = (body: unknown): string | null => {
  if (body === null || typeof body !== 'object') return null;
  const { message, errors } = body as VaultErrorBody;
  if (Array.isArray(errors)) {
    const first: unknown = errors[0];
    if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') {
      return first.message;
    }
  }
  return typeof message === 'string' && message.trim() !== '' ? message : null;
};

/**
 * `POST /api/sandbox/card-vault/tokens`: the card goes to the vault only, as it would to a card vendor's
 * tokenising API. Plain `fetch` without Ferry's session or headers: the vault is not a Ferry business
 * route, and the app client's 401 handling must not act on its answers.
 */
export const tokeniseWithSandboxVault = async (card: VaultCardInput): Promise<VaultToken> => {
  let response: Response;
  try {
    response = await globalThis.fetch(buildApiUrl('/sandbox/card-vault/tokens'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
      body: JSON.stringify(card),
    });
  } catch {
    throw new CardVaultError(MONEY_MESSAGES.saveCardFailed);
  }
  let payload: unknown;
  try {
    const text = await response.text();
    payload = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const code =
      payload &&
      typeof payload === 'object' &&
      'errorCode' in payload &&
      typeof payload.errorCode === 'string'
        ? payload.errorCode
        : null;
    throw new CardVaultError(firstVaultMessage(payload) ?? MONEY_MESSAGES.saveCardFailed, code);
  }
  const data = payload !== null && typeof payload === 'object' && 'data' in payload ? payload.data : payload;
  const checked = vaultTokenSchema.safeParse(data);
  if (!checked.success) throw new CardVaultError(MONEY_MESSAGES.saveCardFailed);
  return checked.data;
};
