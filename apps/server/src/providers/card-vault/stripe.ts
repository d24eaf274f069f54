import type { CardBrand } from '@ferry/domain/catalogues';
import type { CardFunding } from '@ferry/domain/fees';
import { fromVaultBillingAddress, VAULT_ERROR_MESSAGES, type VaultErrorCode } from '@ferry/domain/schemas';
import Stripe from 'stripe';
import { CardVaultError, type CardVaultProvider, type VaultCard } from './card-vault.js';

/** Stripe's card brand names (PaymentMethod.card.brand) → Ferry's. */
const BRANDS: Record<string, CardBrand> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMERICAN_EXPRESS',
  discover: 'DISCOVER',
  diners: 'DINERS_CLUB',
  jcb: 'JCB',
};

const FUNDINGS: ReadonlySet<string> = new Set(['credit', 'debit', 'prepaid']);

/** Stripe card error codes → the vault's codes shown to the person. */
const CARD_ERRORS: Record<string, VaultErrorCode> = {
  card_declined: 'CARD_DECLINED',
  incorrect_number: 'INVALID_NUMBER',
  invalid_number: 'INVALID_NUMBER',
  expired_card: 'INVALID_EXPIRY',
  invalid_expiry_month: 'INVALID_EXPIRY',
  invalid_expiry_year: 'INVALID_EXPIRY',
  incorrect_cvc: 'INVALID_CVC',
  invalid_cvc: 'INVALID_CVC',
};

export interface StripeCardVaultOptions {
  secretKey: string;
  publishableKey: string | null;
  /** For tests against a recorded Stripe: where the API is. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Maps an error of the Stripe SDK to the vault's error (the person sees a readable message). */
export function toVaultError(error: unknown): CardVaultError {
  if (error instanceof CardVaultError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const code = error.code ?? '';
    const cardCode = CARD_ERRORS[code];
    if (error.type === 'StripeCardError' || cardCode) {
      const vaultCode = cardCode ?? 'CARD_DECLINED';
      return new CardVaultError(vaultCode, VAULT_ERROR_MESSAGES[vaultCode], { cause: error });
    }
    if (code === 'resource_missing' || error.statusCode === 404) {
      return new CardVaultError('TOKEN_NOT_FOUND', 'No such card token.', { cause: error });
    }
    return new CardVaultError('UNAVAILABLE', `Stripe answered ${error.type}: ${error.message}`, {
      cause: error,
    });
  }
  return new CardVaultError('UNAVAILABLE', 'The card vault could not be reached.', { cause: error });
}

const describe = (pm: Stripe.PaymentMethod): VaultCard => {
  const card = pm.card;
  if (pm.type !== 'card' || !card)
    throw new CardVaultError('TOKEN_NOT_FOUND', 'The payment method is not a card.');
  if (!card.fingerprint) throw new CardVaultError('UNAVAILABLE', 'Stripe gave no fingerprint for the card.');
  const address = pm.billing_details.address;
  const hasAddress = Boolean(address?.line1 || address?.city || address?.postal_code);
  return {
    tokenId: pm.id,
    fingerprint: card.fingerprint,
    brand: BRANDS[card.brand] ?? 'GENERIC',
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    funding: (FUNDINGS.has(card.funding) ? card.funding : 'unknown') as CardFunding,
    name: pm.billing_details.name ?? null,
    billingAddress:
      address && hasAddress
        ? fromVaultBillingAddress({
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            region: address.state,
            postal_code: address.postal_code,
            country: address.country,
          })
        : null,
    customerId: typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null),
  };
};

/**
 * Stripe as the card vault, through its official SDK. The browser makes a PaymentMethod with Stripe
 * Elements (Ferry's server never sees the card number); the server reads it (`pm_…`), attaches it to
 * the business's Stripe Customer, and detaches it when the card is removed.
 */
export function createStripeCardVault(options: StripeCardVaultOptions): CardVaultProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Ferry' },
    ...(options.api ? options.api : {}),
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async retrieveToken(tokenId) {
      if (!/^pm_[A-Za-z0-9_]+$/.test(tokenId)) {
        throw new CardVaultError('TOKEN_NOT_FOUND', 'No such card token.');
      }
      try {
        return describe(await stripe.paymentMethods.retrieve(tokenId));
      } catch (error) {
        throw toVaultError(error);
      }
    },

    async ensureCustomer({ businessId, businessName, existingCustomerId }) {
      if (existingCustomerId) return existingCustomerId;
      try {
        const customer = await stripe.customers.create(
          { name: businessName, metadata: { ferryBusinessId: businessId } },
          { idempotencyKey: `ferry-customer-${businessId}` },
        );
        return customer.id;
      } catch (error) {
        throw toVaultError(error);
      }
    },

    async attach({ tokenId, customerId }) {
      try {
        const current = describe(await stripe.paymentMethods.retrieve(tokenId));
        if (current.customerId) {
          throw new CardVaultError(
            'TOKEN_ALREADY_USED',
            'This card token has already been attached to a customer.',
          );
        }
        return describe(await stripe.paymentMethods.attach(tokenId, { customer: customerId }));
      } catch (error) {
        throw toVaultError(error);
      }
    },

    async detach({ tokenId }) {
      try {
        await stripe.paymentMethods.detach(tokenId);
      } catch (error) {
        const mapped = toVaultError(error);
        // Already detached (Stripe answers payment_method_unexpected_state) or gone: nothing to do.
        const code = error instanceof Stripe.errors.StripeError ? error.code : undefined;
        if (mapped.code === 'TOKEN_NOT_FOUND' || code === 'payment_method_unexpected_state') return;
        throw mapped;
      }
    },
  };
}
