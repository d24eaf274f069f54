import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardKeys, cardPaymentPath } from './keys';
import { type CardView, cardListSchema, cardViewSchema, chartAccountPageSchema } from './schemas';

/** Spec 002 §9: the card list is refetched every 60 s and stale after 60 s. */
export const CARD_LIST_REFRESH_MS = 60_000;

const enc = encodeURIComponent;

/** `GET /business/{id}/card-payment/cards`. */
export const getCards = (businessId: string, signal?: AbortSignal) =>
  api.get(cardPaymentPath(businessId, '/cards'), { schema: cardListSchema, ...(signal ? { signal } : {}) });

export const cardsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: cardKeys.list(businessId),
    queryFn: ({ signal }) => getCards(businessId, signal),
    staleTime: CARD_LIST_REFRESH_MS,
    refetchInterval: CARD_LIST_REFRESH_MS,
  });

export const useCards = (businessId: string, enabled = true) =>
  useQuery({ ...cardsQueryOptions(businessId), enabled: enabled && businessId !== '' });

export type SaveCardInput = { tokenId: string; fingerprint: string };

/** `POST .../card-payment/card {tokenId, fingerprint, isCardSaved: true}` with the dialog's Idempotency-Key. */
export const saveCard = (businessId: string, input: SaveCardInput, idempotencyKey: string) =>
  api.post(
    cardPaymentPath(businessId, '/card'),
    { tokenId: input.tokenId, fingerprint: input.fingerprint, isCardSaved: true },
    { schema: cardViewSchema, idempotencyKey },
  );

/** The list in the cache after a change that answered one card (the others are unchanged). */
const replaceCard = (list: CardView[] | undefined, card: CardView): CardView[] | undefined =>
  list?.map((item) => (item.id === card.id ? card : item));

export const useSaveCard = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SaveCardInput; idempotencyKey: string }) =>
      saveCard(businessId, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.list(businessId) }),
  });
};

/** `PATCH .../card/primary {cardId}`: answers the whole list. */
export const useMakeCardPrimary = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.patch(cardPaymentPath(businessId, '/card/primary'), { cardId }, { schema: cardListSchema }),
    onSuccess: (list) => queryClient.setQueryData(cardKeys.list(businessId), list),
  });
};

/** `PATCH .../card/link-account {cardId, businessAccountId}`. */
export const useLinkCardAccount = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, businessAccountId }: { cardId: string; businessAccountId: string }) =>
      api.patch(
        cardPaymentPath(businessId, '/card/link-account'),
        { cardId, businessAccountId },
        { schema: cardViewSchema },
      ),
    onSuccess: (card) =>
      queryClient.setQueryData<CardView[]>(cardKeys.list(businessId), (list) => replaceCard(list, card)),
  });
};

/** `PATCH .../card/unlink-account {cardId}`. */
export const useUnlinkCardAccount = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.patch(cardPaymentPath(businessId, '/card/unlink-account'), { cardId }, { schema: cardViewSchema }),
    onSuccess: (card) =>
      queryClient.setQueryData<CardView[]>(cardKeys.list(businessId), (list) => replaceCard(list, card)),
  });
};

/** `DELETE .../card-payment/card/{cardId}`. */
export const useRemoveCard = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api.delete(cardPaymentPath(businessId, `/card/${enc(cardId)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.list(businessId) }),
  });
};

/** `GET /business/{id}/accounting/accounts?parentAccountType=CREDIT_CARD`: the books' credit-card accounts. */
export const useCreditCardAccounts = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: cardKeys.creditCardAccounts(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${enc(businessId)}/accounting/accounts`, {
        query: { parentAccountType: 'CREDIT_CARD', pageSize: 1000, pageNumber: 1 },
        schema: chartAccountPageSchema,
        signal,
      }),
    select: (page) => page.items,
    enabled: enabled && businessId !== '',
  });
