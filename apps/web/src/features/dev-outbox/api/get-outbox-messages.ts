import { pagedSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const outboxChannelSchema = z.enum(['email', 'sms']);

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: outboxChannelSchema,
  to: z.string(),
  subject: z.string().nullish(),
  text: z.string(),
  html: z.string().nullish(),
  createdAt: z.string(),
});

export const outboxPageSchema = pagedSchema(outboxMessageSchema);

export type OutboxChannel = z.infer<typeof outboxChannelSchema>;
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export type GetOutboxMessagesInput = { to?: string; pageNumber: number; pageSize: number };

/** Polled every 5 s: the outbox is watched while a message is expected. */
const OUTBOX_REFETCH_INTERVAL = 5_000;

/** `GET /api/dev/outbox?to&pageNumber&pageSize` — newest first; not served in production. */
export const getOutboxMessages = (
  { to, pageNumber, pageSize }: GetOutboxMessagesInput,
  signal?: AbortSignal,
): Promise<OutboxPage> =>
  api.get('/dev/outbox', {
    query: { to: to?.trim() || undefined, pageNumber, pageSize },
    schema: outboxPageSchema,
    ...(signal ? { signal } : {}),
  });

export const getOutboxMessagesQueryOptions = (input: GetOutboxMessagesInput) =>
  queryOptions({
    queryKey: ['dev-outbox', 'messages', input],
    queryFn: ({ signal }) => getOutboxMessages(input, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: OUTBOX_REFETCH_INTERVAL,
  });

export const useOutboxMessages = (input: GetOutboxMessagesInput) =>
  useQuery(getOutboxMessagesQueryOptions(input));
