import { errorObjectSchema } from '@ferry/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { buildApiUrl } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * The sandbox identity provider's hosted page talks to its own endpoints the way a vendor's page would:
 * with the inquiry's session token, not the Ferry session. So it does not go through the app's API
 * client — whose 401 handling would sign the person out of Ferry over a wrong session token — and sends
 * no Ferry credentials.
 */
const sandboxRequest = async <T>(
  path: string,
  options: {
    method?: 'GET' | 'POST';
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    schema: z.ZodType<T>;
  },
): Promise<T> => {
  const { method = 'GET', body, headers = {}, signal, schema } = options;
  let response: Response;
  try {
    response = await globalThis.fetch(buildApiUrl(path), {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      credentials: 'omit',
      cache: 'no-store',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ statusCode: 0 });
  }
  let payload: unknown;
  try {
    const text = await response.text();
    payload = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const parsed = errorObjectSchema.partial().safeParse(payload);
    throw new ApiError({
      statusCode: response.status,
      ...(parsed.success && parsed.data.message ? { message: parsed.data.message } : {}),
    });
  }
  const data = payload !== null && typeof payload === 'object' && 'data' in payload ? payload.data : payload;
  const checked = schema.safeParse(data);
  if (!checked.success) throw new ApiError({ statusCode: 500 });
  return checked.data;
};

export const sandboxInquirySchema = z.object({
  inquiryId: z.string(),
  kind: z.string(),
  status: z.string(),
  fields: z
    .object({
      nameFirst: z.string().nullish(),
      nameLast: z.string().nullish(),
      emailAddress: z.string().nullish(),
      businessName: z.string().nullish(),
      /** The last 4 digits only. */
      businessTaxId: z.string().nullish(),
    })
    .loose()
    .default({}),
  createdAt: z.string().nullish(),
});
export type SandboxInquiry = z.infer<typeof sandboxInquirySchema>;

export const SANDBOX_DECISIONS = ['approve', 'decline', 'cancel'] as const;
export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];

const decidedSchema = z.object({
  inquiryId: z.string(),
  /** Lower-case, as it goes in the redirect: approved, declined or cancelled. */
  status: z.string(),
});

const inquiryPath = (inquiryId: string) => `/sandbox/identity/inquiries/${encodeURIComponent(inquiryId)}`;

/** `GET /sandbox/identity/inquiries/{id}` with `x-session-token` (401 for a wrong token, 404 unknown). */
export const getSandboxInquiry = (inquiryId: string, sessionToken: string, signal?: AbortSignal) =>
  sandboxRequest(inquiryPath(inquiryId), {
    headers: { 'x-session-token': sessionToken },
    schema: sandboxInquirySchema,
    ...(signal ? { signal } : {}),
  });

export const sandboxInquiryQueryOptions = (inquiryId: string, sessionToken: string) =>
  queryOptions({
    queryKey: ['sandbox-identity-inquiry', inquiryId, sessionToken],
    queryFn: ({ signal }) => getSandboxInquiry(inquiryId, sessionToken, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
  });

/** `POST /sandbox/identity/inquiries/{id}/decision` (409 once the inquiry is decided). */
export const decideSandboxInquiry = (input: {
  inquiryId: string;
  sessionToken: string;
  decision: SandboxDecision;
}) =>
  sandboxRequest(`${inquiryPath(input.inquiryId)}/decision`, {
    method: 'POST',
    body: { sessionToken: input.sessionToken, decision: input.decision },
    schema: decidedSchema,
  });

export const useDecideSandboxInquiry = () => useMutation({ mutationFn: decideSandboxInquiry });
