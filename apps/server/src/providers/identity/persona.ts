import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IdentityEvent, IdentityProvider, InquiryFields, InquiryStatus } from './identity.js';

export const PERSONA_API_BASE = 'https://api.withpersona.com/api/v1';
export const PERSONA_HOSTED_BASE = 'https://inquiry.withpersona.com';
export const PERSONA_API_VERSION = '2023-01-05';
/** How far a webhook's signed timestamp may be from our clock before it is refused as a replay. */
export const PERSONA_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
const REQUEST_TIMEOUT_MS = 15_000;

/** Persona's inquiry statuses (lower case on the wire) and ours. */
const STATUSES: Record<string, InquiryStatus> = {
  created: 'CREATED',
  pending: 'PENDING',
  completed: 'COMPLETED',
  needs_review: 'NEEDS_REVIEW',
  approved: 'APPROVED',
  declined: 'DECLINED',
  failed: 'FAILED',
  expired: 'EXPIRED',
};

/** An unknown (newer) status is treated as not finished, so nothing is decided on it. */
export const mapPersonaStatus = (status: unknown): InquiryStatus =>
  (typeof status === 'string' ? STATUSES[status] : undefined) ?? 'PENDING';

/** Our field names and Persona's inquiry field keys. */
const FIELD_KEYS: Record<keyof InquiryFields, string> = {
  nameFirst: 'name-first',
  nameLast: 'name-last',
  emailAddress: 'email-address',
  businessName: 'business-name',
  businessTaxId: 'business-tax-identification-number',
  addressStreet1: 'address-street-1',
  addressStreet2: 'address-street-2',
  addressCity: 'address-city',
  addressSubdivision: 'address-subdivision',
  addressPostalCode: 'address-postal-code',
  addressCountryCode: 'address-country-code',
};

const toPersonaFields = (fields: InquiryFields): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, personaKey] of Object.entries(FIELD_KEYS)) {
    const value = fields[key as keyof InquiryFields];
    if (value !== undefined) out[personaKey] = value;
  }
  return out;
};

/** The parts of Persona's JSON:API documents this adapter reads. */
interface InquiryDocument {
  data?: { id?: unknown; type?: unknown; attributes?: { status?: unknown; 'reference-id'?: unknown } };
  meta?: { 'session-token'?: unknown };
}
interface ErrorDocument {
  errors?: { title?: unknown; details?: unknown; detail?: unknown }[];
}
interface EventDocument {
  data?: {
    id?: unknown;
    type?: unknown;
    attributes?: { name?: unknown; payload?: { data?: { id?: unknown; type?: unknown } } };
  };
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Identity verification through Persona's REST API (JSON:API documents, kebab-case keys) and hosted flow.
 * Inquiries are created server-side from one template per kind; the person finishes them on Persona's
 * hosted page with a session token from "resume"; webhooks are signed with HMAC-SHA256 over
 * `${t}.${rawBody}` in the `Persona-Signature` header.
 */
export function createPersonaIdentity(options: {
  apiKey: string;
  apiBase?: string;
  individualTemplateId: string;
  businessTemplateId: string;
  webhookSecret?: string;
  hostedBase?: string;
  fetchImpl?: typeof fetch;
  apiVersion?: string;
  /** The clock for webhook timestamps, in milliseconds since the epoch (tests pin it). */
  now?: () => number;
}): IdentityProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const apiBase = (options.apiBase ?? PERSONA_API_BASE).replace(/\/+$/, '');
  const hostedBase = (options.hostedBase ?? PERSONA_HOSTED_BASE).replace(/\/+$/, '');
  const now = options.now ?? Date.now;

  /** Never lets the key reach a message, whatever Persona or the network layer echoes back. */
  const redact = (text: string) => (options.apiKey ? text.split(options.apiKey).join('[redacted]') : text);

  async function request(
    method: 'GET' | 'POST',
    path: string,
    extra: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<InquiryDocument> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.apiKey}`,
      'Persona-Version': options.apiVersion ?? PERSONA_API_VERSION,
      'Key-Inflection': 'kebab',
      Accept: 'application/json',
    };
    if (extra.body !== undefined) headers['Content-Type'] = 'application/json';
    if (extra.idempotencyKey) headers['Idempotency-Key'] = extra.idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(`${apiBase}${path}`, {
        method,
        headers,
        body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(redact(`Persona ${method} ${path} unreachable: ${(error as Error).message}`));
    }
    const text = await response.text().catch(() => '');
    let document: unknown;
    try {
      document = text ? JSON.parse(text) : {};
    } catch {
      document = undefined;
    }
    if (!response.ok) {
      const first = (document as ErrorDocument | undefined)?.errors?.[0];
      const reason = [first?.title, first?.details ?? first?.detail].filter(isNonEmptyString).join(': ');
      throw new Error(
        redact(`Persona ${method} ${path} answered ${response.status}${reason ? ` (${reason})` : ''}`),
      );
    }
    if (document === undefined || typeof document !== 'object' || document === null) {
      throw new Error(`Persona ${method} ${path} answered ${response.status} with a body that is not JSON`);
    }
    return document as InquiryDocument;
  }

  const inquiryIdOf = (document: InquiryDocument, what: string): string => {
    const id = document.data?.id;
    if (!isNonEmptyString(id)) throw new Error(`Persona ${what} answered without an inquiry id`);
    return id;
  };

  const inquiryPath = (inquiryId: string) => `/inquiries/${encodeURIComponent(inquiryId)}`;

  function verifySignature(rawBody: string, header: string, secret: string): boolean {
    const nowSeconds = Math.floor(now() / 1000);
    // While a secret rotates, Persona sends one `t=…,v1=…` set per secret, separated by spaces.
    for (const set of header.trim().split(/\s+/)) {
      const pairs = new Map<string, string>();
      for (const pair of set.split(',')) {
        const at = pair.indexOf('=');
        if (at > 0) pairs.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const t = pairs.get('t');
      const v1 = pairs.get('v1');
      if (!t || !v1 || !/^\d+$/.test(t)) continue;
      if (Math.abs(nowSeconds - Number(t)) > PERSONA_WEBHOOK_TOLERANCE_SECONDS) continue;
      const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
      const given = Buffer.from(v1.toLowerCase());
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return false;
  }

  return {
    name: 'persona',

    async createInquiry({ kind, referenceId, fields, idempotencyKey }) {
      const document = await request('POST', '/inquiries', {
        idempotencyKey,
        body: {
          data: {
            attributes: {
              'inquiry-template-id':
                kind === 'BUSINESS' ? options.businessTemplateId : options.individualTemplateId,
              'reference-id': referenceId,
              fields: toPersonaFields(fields),
            },
          },
        },
      });
      return {
        inquiryId: inquiryIdOf(document, 'create inquiry'),
        status: mapPersonaStatus(document.data?.attributes?.status),
      };
    },

    async createSession(inquiryId) {
      const document = await request('POST', `${inquiryPath(inquiryId)}/resume`);
      const sessionToken = document.meta?.['session-token'];
      if (!isNonEmptyString(sessionToken))
        throw new Error('Persona resume inquiry answered without a session token');
      return { inquiryId, sessionToken };
    },

    async getInquiry(inquiryId) {
      const document = await request('GET', inquiryPath(inquiryId));
      const referenceId = document.data?.attributes?.['reference-id'];
      return {
        inquiryId: inquiryIdOf(document, 'retrieve inquiry'),
        status: mapPersonaStatus(document.data?.attributes?.status),
        referenceId: isNonEmptyString(referenceId) ? referenceId : null,
      };
    },

    hostedUrl({ session, redirectUri }) {
      const url = new URL(`${hostedBase}/verify`);
      url.search = new URLSearchParams({
        'inquiry-id': session.inquiryId,
        'session-token': session.sessionToken,
        'redirect-uri': redirectUri,
      }).toString();
      return url.toString();
    },

    parseWebhook({ rawBody, headers }): IdentityEvent | null {
      const secret = options.webhookSecret;
      if (!secret) return null;
      const header = Object.entries(headers).find(([key]) => key.toLowerCase() === 'persona-signature')?.[1];
      if (!header || !verifySignature(rawBody, header, secret)) return null;
      let event: EventDocument;
      try {
        event = JSON.parse(rawBody) as EventDocument;
      } catch {
        return null;
      }
      const subject = event?.data?.attributes?.payload?.data;
      const eventId = event?.data?.id;
      if (subject?.type !== 'inquiry' || !isNonEmptyString(subject.id) || !isNonEmptyString(eventId))
        return null;
      return { eventId, inquiryId: subject.id };
    },
  };
}
