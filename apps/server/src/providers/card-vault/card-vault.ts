import type { CardBrand } from '@ferry/domain/catalogues';
import type { CardFunding } from '@ferry/domain/fees';
import type {
  CardBillingAddress,
  CardVaultProviderName,
  VaultErrorCode,
  VaultToken,
  VaultTokenRequest,
} from '@ferry/domain/schemas';

/**
 * The card vault: the vendor that holds card numbers so Ferry never does (PCI scope SAQ A). The browser
 * sends the card's number, expiry and security code to the vault (its hosted fields, or the sandbox's
 * token route) and gets a single-use token; Ferry's server reads the token's safe details (fingerprint,
 * brand, last 4, expiry, funding) and attaches it to the business's customer at the vault.
 */

/** A tokenised card as the vault describes it: never the number or the security code. */
export interface VaultCard {
  /** The vault's id of the card (sandbox `tok_…`, Stripe PaymentMethod `pm_…`). */
  tokenId: string;
  /** Same card number → same fingerprint (duplicate detection). */
  fingerprint: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: CardFunding;
  name: string | null;
  billingAddress: CardBillingAddress | null;
  /** The vault customer the card is attached to, if any (a token can be attached once). */
  customerId: string | null;
}

export type CardVaultErrorCode =
  | VaultErrorCode
  /** No such token at the vault (or not a card). */
  | 'TOKEN_NOT_FOUND'
  /** The token was attached already (tokens are single use). */
  | 'TOKEN_ALREADY_USED'
  /** The vault could not be reached or answered with an error of its own. */
  | 'UNAVAILABLE';

export class CardVaultError extends Error {
  constructor(
    readonly code: CardVaultErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'CardVaultError';
  }
}

export interface CardVaultProvider {
  readonly name: CardVaultProviderName;
  /** The key the browser loads the vault's card fields with (Stripe's publishable key), if any. */
  readonly publishableKey: string | null;
  /** Reads a token's card. Throws CardVaultError TOKEN_NOT_FOUND. */
  retrieveToken(tokenId: string): Promise<VaultCard>;
  /**
   * The vault customer of a business: the stored one, else a new one (the idempotency key makes a
   * retried creation return the same customer).
   */
  ensureCustomer(input: {
    businessId: string;
    businessName: string;
    existingCustomerId: string | null;
  }): Promise<string>;
  /**
   * Attaches a token to a customer, once: TOKEN_ALREADY_USED if it is attached already. The vault may
   * check the card with its issuer now (CARD_DECLINED).
   */
  attach(input: { tokenId: string; customerId: string }): Promise<VaultCard>;
  /** Detaches a card from its customer; it cannot be used again. Detaching twice is harmless. */
  detach(input: { tokenId: string }): Promise<void>;
}

/** The sandbox vault also tokenises (its HTTP route stands in for the vendor's card fields). */
export interface SandboxCardVault extends CardVaultProvider {
  readonly name: 'sandbox';
  tokenize(request: VaultTokenRequest): Promise<VaultToken>;
}

export const isSandboxCardVault = (provider: CardVaultProvider): provider is SandboxCardVault =>
  provider.name === 'sandbox';
