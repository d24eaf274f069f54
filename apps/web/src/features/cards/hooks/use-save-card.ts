import { CARD_MESSAGES, MONEY_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { createUuid } from '@/lib/random';
import { CardVaultError } from '../api/card-vault';
import { useSaveCard } from '../api/cards';
import type { CardView } from '../api/schemas';

/** The message of a failed save (spec 002 §8): the vault's or server's message, else 'Failed to save card'. */
export const saveCardErrorMessage = (error: unknown): string => {
  if (error instanceof CardVaultError) return error.message;
  if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 408)
    return error.message;
  return MONEY_MESSAGES.saveCardFailed;
};

/** A failure the same request could pass on a retry (network, time-out, server error). */
const isRetryable = (error: unknown) =>
  isApiError(error) && (error.statusCode === 0 || error.statusCode === 408 || error.statusCode >= 500);

/** What any vault answers Ferry needs: the token and the card's fingerprint. */
export type CardToken = { tokenId: string; fingerprint: string };

type Attempt = { signature: string; token: CardToken; idempotencyKey: string };

/**
 * Tokenise with the card vault, then `POST .../card-payment/card` with the token. A save that failed
 * for a passing reason keeps its token and Idempotency-Key, so retrying the same card is the same request
 * (and cannot add it twice); any change to the card starts a new one. Errors are shown inline and as a
 * toast, except a sign-in expiry, which the API client handles by leaving the page.
 */
export const useSaveTokenisedCard = (businessId: string, onSaved: (card: CardView) => void) => {
  const mutation = useSaveCard(businessId);
  const [tokenising, setTokenising] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastAttempt = useRef<Attempt | null>(null);

  const save = async (signature: string, tokenise: () => Promise<CardToken>) => {
    setError(null);
    try {
      let attempt = lastAttempt.current;
      if (!attempt || attempt.signature !== signature) {
        setTokenising(true);
        const token = await tokenise().finally(() => setTokenising(false));
        attempt = { signature, token, idempotencyKey: createUuid() };
      }
      lastAttempt.current = null;
      const card = await mutation
        .mutateAsync({
          input: { tokenId: attempt.token.tokenId, fingerprint: attempt.token.fingerprint },
          idempotencyKey: attempt.idempotencyKey,
        })
        .catch((cause: unknown) => {
          if (isRetryable(cause)) lastAttempt.current = attempt;
          throw cause;
        });
      notifications.show({ color: 'teal', title: 'Card added', message: CARD_MESSAGES.cardAdded });
      onSaved(card);
    } catch (cause) {
      if (isApiError(cause) && cause.statusCode === 401) return;
      const message = saveCardErrorMessage(cause);
      setError(message);
      notifications.show({ color: 'red', title: 'Card not saved', message });
    }
  };

  return { save, error, clearError: () => setError(null), isPending: tokenising || mutation.isPending };
};
