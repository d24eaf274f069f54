import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InquiryStatus } from './identity.js';
import { createPersonaIdentity, PERSONA_API_BASE, PERSONA_API_VERSION } from './persona.js';

const API_KEY = 'persona_sandbox_4f1c2a7e-9b3d-4c8e-a1f0-6d2b7e9c3a15';
const WEBHOOK_SECRET = 'wbhsec_5e2a9c1f-0d7b-4e3a-8c6f-1b9d4a7e2c30';
const INDIVIDUAL_TEMPLATE = 'itmpl_Ygs16MKTkA6obnF8C3Rb17dm';
const BUSINESS_TEMPLATE = 'itmpl_Bz7wQ4nKx2Vh9LrT5cJm3PdS';
const INQUIRY_ID = 'inq_2CVZ4HyVg7qaboXz2PUHknAn';
const REFERENCE_ID = 'usr_01J9ZK4T7Q8W3E5R6T7Y8U9I0P';

/** An inquiry resource as Persona's API (version 2023-01-05, kebab keys) serialises it. */
function inquiryResource(status: string, referenceId: string | null = REFERENCE_ID) {
  return {
    type: 'inquiry',
    id: INQUIRY_ID,
    attributes: {
      status,
      'reference-id': referenceId,
      note: null,
      behaviors: {},
      tags: [],
      creator: 'API',
      'reviewer-comment': null,
      'created-at': '2026-11-02T15:00:00.000Z',
      'started-at': null,
      'completed-at': null,
      'failed-at': null,
      'marked-for-review-at': null,
      'decisioned-at': null,
      'expired-at': null,
      'redacted-at': null,
      'previous-step-name': null,
      'next-step-name': 'start',
      'name-first': 'Jane',
      'name-middle': null,
      'name-last': 'Doe',
      birthdate: null,
      'address-street-1': null,
      'address-street-2': null,
      'address-city': null,
      'address-subdivision': null,
      'address-postal-code': null,
      'address-country-code': null,
      'email-address': 'jane@ferry.example',
      'phone-number': null,
      fields: {
        'name-first': { type: 'string', value: 'Jane' },
        'name-last': { type: 'string', value: 'Doe' },
        'email-address': { type: 'string', value: 'jane@ferry.example' },
      },
    },
    relationships: {
      account: { data: { type: 'account', id: 'act_ja9Ea5cSfEKsgBzAqvYCAFpm' } },
      template: { data: null },
      'inquiry-template': { data: { type: 'inquiry-template', id: INDIVIDUAL_TEMPLATE } },
      'inquiry-template-version': {
        data: { type: 'inquiry-template-version', id: 'itmplv_Sa2nV8k3Zq5TuFmPc7Wx1RyD' },
      },
      reviewer: { data: null },
      reports: { data: [] },
      verifications: { data: [] },
      sessions: { data: [] },
      documents: { data: [] },
      selfies: { data: [] },
    },
  };
}

/** Answers recorded from Persona's documented Inquiries API. */
const RECORDED = {
  created: { data: inquiryResource('created'), included: [] },
  resumed: {
    data: inquiryResource('pending'),
    included: [],
    meta: {
      'session-token':
        'eyJhbGciOiJIUzI1NiJ9.eyJpbnF1aXJ5X2lkIjoiaW5xXzJDVlo0SHlWZzdxYWJvWHoyUFVIa25BbiJ9.c2lnbmF0dXJl',
    },
  },
  retrieved: (status: string, referenceId?: string | null) => ({
    data: inquiryResource(status, referenceId),
    included: [],
  }),
  unauthorized: { errors: [{ title: 'Must be authenticated to access this endpoint' }] },
  invalidTemplate: {
    errors: [
      {
        title: 'Bad request',
        details: 'inquiry-template-id is not a valid template',
        source: { pointer: '/data/attributes/inquiry-template-id' },
      },
    ],
  },
  alreadyDecided: { errors: [{ title: 'Conflict', details: 'Inquiry cannot be resumed in approved state' }] },
};

/** A webhook delivery as Persona sends it (JSON:API event wrapping the inquiry). */
function eventBody(
  name: string,
  subject: { type: string; id: string } = { type: 'inquiry', id: INQUIRY_ID },
) {
  return JSON.stringify({
    data: {
      type: 'event',
      id: 'evt_XGuYWp7WuDzNxie5z16s7sGJ',
      attributes: {
        name,
        'created-at': '2026-11-02T15:04:51.000Z',
        'redacted-at': null,
        payload: {
          data: {
            ...subject,
            attributes: { status: 'approved', 'reference-id': REFERENCE_ID },
          },
        },
      },
    },
  });
}

const NOW_MS = Date.UTC(2026, 10, 2, 15, 5, 0);
const NOW_S = NOW_MS / 1000;

const sign = (rawBody: string, t: number, secret = WEBHOOK_SECRET) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

function fakeFetch(answer: unknown, status = 200) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      signal: init?.signal,
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

function persona(
  fetchImpl: typeof fetch = fakeFetch({}).fetchImpl,
  overrides: { webhookSecret?: string } = {},
) {
  return createPersonaIdentity({
    apiKey: API_KEY,
    individualTemplateId: INDIVIDUAL_TEMPLATE,
    businessTemplateId: BUSINESS_TEMPLATE,
    webhookSecret: 'webhookSecret' in overrides ? overrides.webhookSecret : WEBHOOK_SECRET,
    fetchImpl,
    now: () => NOW_MS,
  });
}

function expectPersonaHeaders(call: Call | undefined) {
  expect(call?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  expect(call?.headers.get('persona-version')).toBe(PERSONA_API_VERSION);
  expect(call?.headers.get('key-inflection')).toBe('kebab');
  expect(call?.signal).toBeInstanceOf(AbortSignal);
}

describe('Persona identity adapter: API calls', () => {
  it('creates an individual inquiry from the individual template with prefilled fields', async () => {
    const { fetchImpl, calls } = fakeFetch(RECORDED.created, 201);
    const identity = persona(fetchImpl);
    expect(identity.name).toBe('persona');
    const created = await identity.createInquiry({
      kind: 'INDIVIDUAL',
      referenceId: REFERENCE_ID,
      fields: { nameFirst: 'Jane', nameLast: 'Doe', emailAddress: 'jane@ferry.example' },
      idempotencyKey: 'kyc-usr_01J9ZK4T7Q8W3E5R6T7Y8U9I0P-1',
    });
    expect(created).toEqual({ inquiryId: INQUIRY_ID, status: 'CREATED' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${PERSONA_API_BASE}/inquiries`);
    expect(calls[0]?.method).toBe('POST');
    expectPersonaHeaders(calls[0]);
    expect(calls[0]?.headers.get('idempotency-key')).toBe('kyc-usr_01J9ZK4T7Q8W3E5R6T7Y8U9I0P-1');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({
      data: {
        attributes: {
          'inquiry-template-id': INDIVIDUAL_TEMPLATE,
          'reference-id': REFERENCE_ID,
          fields: { 'name-first': 'Jane', 'name-last': 'Doe', 'email-address': 'jane@ferry.example' },
        },
      },
    });
  });

  it('creates a business inquiry from the business template with every business field mapped', async () => {
    const { fetchImpl, calls } = fakeFetch(RECORDED.created, 201);
    await persona(fetchImpl).createInquiry({
      kind: 'BUSINESS',
      referenceId: 'biz_01J9ZM2X4C6V8B0N2M4Q6W8E0R',
      fields: {
        businessName: 'Harbour Freight Ltd',
        businessTaxId: '12-3456789',
        addressStreet1: '1 Quay Street',
        addressStreet2: undefined,
        addressCity: 'Portland',
        addressSubdivision: 'ME',
        addressPostalCode: '04101',
        addressCountryCode: 'US',
      },
      idempotencyKey: 'kyb-biz-1',
    });
    expect(calls[0]?.body).toEqual({
      data: {
        attributes: {
          'inquiry-template-id': BUSINESS_TEMPLATE,
          'reference-id': 'biz_01J9ZM2X4C6V8B0N2M4Q6W8E0R',
          fields: {
            'business-name': 'Harbour Freight Ltd',
            'business-tax-identification-number': '12-3456789',
            'address-street-1': '1 Quay Street',
            'address-city': 'Portland',
            'address-subdivision': 'ME',
            'address-postal-code': '04101',
            'address-country-code': 'US',
          },
        },
      },
    });
  });

  it('resumes an inquiry to get a session token', async () => {
    const { fetchImpl, calls } = fakeFetch(RECORDED.resumed);
    expect(await persona(fetchImpl).createSession(INQUIRY_ID)).toEqual({
      inquiryId: INQUIRY_ID,
      sessionToken: RECORDED.resumed.meta['session-token'],
    });
    expect(calls[0]?.url).toBe(`${PERSONA_API_BASE}/inquiries/${INQUIRY_ID}/resume`);
    expect(calls[0]?.method).toBe('POST');
    expectPersonaHeaders(calls[0]);
  });

  it('refuses a resume answer without a session token', async () => {
    const { fetchImpl } = fakeFetch(RECORDED.created);
    await expect(persona(fetchImpl).createSession(INQUIRY_ID)).rejects.toThrow(/session token/);
  });

  it('retrieves an inquiry with its status and reference id', async () => {
    const { fetchImpl, calls } = fakeFetch(RECORDED.retrieved('approved'));
    expect(await persona(fetchImpl).getInquiry(INQUIRY_ID)).toEqual({
      inquiryId: INQUIRY_ID,
      status: 'APPROVED',
      referenceId: REFERENCE_ID,
    });
    expect(calls[0]?.url).toBe(`${PERSONA_API_BASE}/inquiries/${INQUIRY_ID}`);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.body).toBeUndefined();
    expectPersonaHeaders(calls[0]);
  });

  it('reads a missing reference id as null', async () => {
    const { fetchImpl } = fakeFetch(RECORDED.retrieved('pending', null));
    expect((await persona(fetchImpl).getInquiry(INQUIRY_ID)).referenceId).toBeNull();
  });

  it('maps every Persona status, and an unknown one to PENDING', async () => {
    const expected: Record<string, InquiryStatus> = {
      created: 'CREATED',
      pending: 'PENDING',
      completed: 'COMPLETED',
      needs_review: 'NEEDS_REVIEW',
      approved: 'APPROVED',
      declined: 'DECLINED',
      failed: 'FAILED',
      expired: 'EXPIRED',
      some_future_status: 'PENDING',
    };
    for (const [personaStatus, status] of Object.entries(expected)) {
      const { fetchImpl } = fakeFetch(RECORDED.retrieved(personaStatus));
      expect((await persona(fetchImpl).getInquiry(INQUIRY_ID)).status, personaStatus).toBe(status);
    }
  });

  it('uses a configured API base and version', async () => {
    const { fetchImpl, calls } = fakeFetch(RECORDED.retrieved('completed'));
    await createPersonaIdentity({
      apiKey: API_KEY,
      apiBase: 'https://persona.proxy.example/api/v1/',
      apiVersion: '2025-12-08',
      individualTemplateId: INDIVIDUAL_TEMPLATE,
      businessTemplateId: BUSINESS_TEMPLATE,
      fetchImpl,
    }).getInquiry(INQUIRY_ID);
    expect(calls[0]?.url).toBe(`https://persona.proxy.example/api/v1/inquiries/${INQUIRY_ID}`);
    expect(calls[0]?.headers.get('persona-version')).toBe('2025-12-08');
  });
});

describe('Persona identity adapter: errors', () => {
  it("throws with the HTTP status and Persona's error, never the API key", async () => {
    const cases = [
      { answer: RECORDED.unauthorized, status: 401, text: 'Must be authenticated to access this endpoint' },
      { answer: RECORDED.invalidTemplate, status: 400, text: 'inquiry-template-id is not a valid template' },
      { answer: RECORDED.alreadyDecided, status: 409, text: 'Inquiry cannot be resumed in approved state' },
    ];
    for (const { answer, status, text } of cases) {
      const error = await persona(fakeFetch(answer, status).fetchImpl)
        .createSession(INQUIRY_ID)
        .then(
          () => null,
          (caught: unknown) => caught as Error,
        );
      expect(error).toBeInstanceOf(Error);
      expect(error?.message).toContain(String(status));
      expect(error?.message).toContain(text);
      expect(error?.message).not.toContain(API_KEY);
    }
  });

  it('redacts the key even when an error echoes it, and reports a bare status without a body', async () => {
    const echoed = { errors: [{ title: 'Unauthorized', details: `Invalid API key ${API_KEY}` }] };
    const error = await persona(fakeFetch(echoed, 401).fetchImpl)
      .getInquiry(INQUIRY_ID)
      .catch((caught: unknown) => caught as Error);
    expect((error as Error).message).not.toContain(API_KEY);

    const bare = (async () => new Response('Bad gateway', { status: 502 })) as typeof fetch;
    await expect(persona(bare).getInquiry(INQUIRY_ID)).rejects.toThrow(/502/);
  });

  it('throws when Persona is unreachable', async () => {
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as typeof fetch;
    await expect(persona(down).getInquiry(INQUIRY_ID)).rejects.toThrow(/unreachable: ECONNREFUSED/);
  });
});

describe('Persona identity adapter: hosted page', () => {
  it('links to the hosted flow with the inquiry, session token and redirect, URL-encoded', () => {
    const session = { inquiryId: INQUIRY_ID, sessionToken: 'tok.en+/=' };
    const link = persona().hostedUrl({
      session,
      redirectUri: 'https://app.ferry.example/verification/return?kind=individual&step=2',
      origin: 'https://app.ferry.example',
    });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://inquiry.withpersona.com/verify');
    expect(url.searchParams.get('inquiry-id')).toBe(INQUIRY_ID);
    expect(url.searchParams.get('session-token')).toBe('tok.en+/=');
    expect(url.searchParams.get('redirect-uri')).toBe(
      'https://app.ferry.example/verification/return?kind=individual&step=2',
    );
    expect(link).not.toContain('step=2&');
    expect(link).toContain('redirect-uri=https%3A%2F%2Fapp.ferry.example');
  });

  it('uses a configured hosted base', () => {
    const link = createPersonaIdentity({
      apiKey: API_KEY,
      individualTemplateId: INDIVIDUAL_TEMPLATE,
      businessTemplateId: BUSINESS_TEMPLATE,
      hostedBase: 'https://verify.ferry.example/',
    }).hostedUrl({
      session: { inquiryId: INQUIRY_ID, sessionToken: 't' },
      redirectUri: 'https://app.ferry.example/r',
      origin: 'https://app.ferry.example',
    });
    expect(link.startsWith('https://verify.ferry.example/verify?inquiry-id=')).toBe(true);
  });
});

describe('Persona identity adapter: webhooks', () => {
  const body = eventBody('inquiry.approved');

  it('accepts a correctly signed inquiry event and reads the event and inquiry ids', () => {
    expect(
      persona().parseWebhook({ rawBody: body, headers: { 'persona-signature': sign(body, NOW_S) } }),
    ).toEqual({
      eventId: 'evt_XGuYWp7WuDzNxie5z16s7sGJ',
      inquiryId: INQUIRY_ID,
    });
  });

  it('finds the signature header whatever its case', () => {
    for (const name of ['Persona-Signature', 'PERSONA-SIGNATURE', 'persona-signature']) {
      expect(
        persona().parseWebhook({ rawBody: body, headers: { [name]: sign(body, NOW_S) } }),
      ).not.toBeNull();
    }
  });

  it('accepts every inquiry event name', () => {
    for (const name of [
      'inquiry.created',
      'inquiry.completed',
      'inquiry.marked-for-review',
      'inquiry.declined',
    ]) {
      const raw = eventBody(name);
      expect(
        persona().parseWebhook({ rawBody: raw, headers: { 'Persona-Signature': sign(raw, NOW_S) } }),
      ).toEqual({
        eventId: 'evt_XGuYWp7WuDzNxie5z16s7sGJ',
        inquiryId: INQUIRY_ID,
      });
    }
  });

  it('refuses a missing signature, a wrong secret, a tampered body and a garbled header', () => {
    const identity = persona();
    expect(identity.parseWebhook({ rawBody: body, headers: {} })).toBeNull();
    expect(identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': undefined } })).toBeNull();
    expect(
      identity.parseWebhook({
        rawBody: body,
        headers: { 'persona-signature': sign(body, NOW_S, 'wbhsec_someone-else') },
      }),
    ).toBeNull();
    const tampered = body.replace(INQUIRY_ID, 'inq_AttackerChosenInquiry0000');
    expect(
      identity.parseWebhook({ rawBody: tampered, headers: { 'persona-signature': sign(body, NOW_S) } }),
    ).toBeNull();
    for (const garbled of [
      'v1=abc',
      `t=${NOW_S}`,
      `t=${NOW_S},v1=zz`,
      'nonsense',
      `t=abc,v1=${'0'.repeat(64)}`,
    ]) {
      expect(
        identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': garbled } }),
        garbled,
      ).toBeNull();
    }
  });

  it('refuses a stale (or far-future) timestamp even with a valid signature', () => {
    const identity = persona();
    expect(
      identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': sign(body, NOW_S - 301) } }),
    ).toBeNull();
    expect(
      identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': sign(body, NOW_S + 301) } }),
    ).toBeNull();
    expect(
      identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': sign(body, NOW_S - 299) } }),
    ).not.toBeNull();
  });

  it('accepts any matching set while secrets rotate', () => {
    const identity = persona();
    const oldThenNew = `${sign(body, NOW_S, 'wbhsec_old-secret')} ${sign(body, NOW_S)}`;
    const newThenOld = `${sign(body, NOW_S)} ${sign(body, NOW_S, 'wbhsec_old-secret')}`;
    const neither = `${sign(body, NOW_S, 'wbhsec_a')} ${sign(body, NOW_S, 'wbhsec_b')}`;
    expect(
      identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': oldThenNew } }),
    ).not.toBeNull();
    expect(
      identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': newThenOld } }),
    ).not.toBeNull();
    expect(identity.parseWebhook({ rawBody: body, headers: { 'persona-signature': neither } })).toBeNull();
  });

  it('refuses everything when no webhook secret is configured', () => {
    expect(
      persona(undefined, { webhookSecret: undefined }).parseWebhook({
        rawBody: body,
        headers: { 'persona-signature': sign(body, NOW_S) },
      }),
    ).toBeNull();
    expect(
      persona(undefined, { webhookSecret: '' }).parseWebhook({
        rawBody: body,
        headers: { 'persona-signature': sign(body, NOW_S, '') },
      }),
    ).toBeNull();
  });

  it('ignores signed events about something other than an inquiry, and signed non-JSON', () => {
    const caseEvent = eventBody('case.created', { type: 'case', id: 'case_Lq3uU4xvQmD9dqWqP2xk8Znt' });
    expect(
      persona().parseWebhook({
        rawBody: caseEvent,
        headers: { 'persona-signature': sign(caseEvent, NOW_S) },
      }),
    ).toBeNull();
    const notJson = 'not json';
    expect(
      persona().parseWebhook({ rawBody: notJson, headers: { 'persona-signature': sign(notJson, NOW_S) } }),
    ).toBeNull();
  });
});
