import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { makeBill, payer, schedulePayment } from '../../modules/payments/testing.js';
import { users } from '../../modules/users/tables.js';
import { signIn } from '../../testing/factories.js';
import {
  type Fixture,
  fieldPaths,
  fieldValue,
  injectOperation,
  type OpenApiDocument,
  type Operation,
  type OperationRequest,
  operationsOf,
  plausible,
  setAt,
} from '../../testing/openapi-operations.js';
import { useTestApp } from '../../testing/test-app.js';

/**
 * Schema-driven bad-input sweep (issue 16): every operation of the app's own OpenAPI document, signed
 * in as the owner of a business with a bank, a vendor, a bill and a payment, gets generated bad inputs
 * — wrong types, missing fields, 1 MB strings, NUL and lone surrogates, SQL-ish and unicode text, odd
 * money and dates, over-long ids, odd headers. No answer may be a server error (5xx: a crash, or an
 * answer that broke its own response schema), and every 4xx must be the error object. Operations come
 * from the document, so a new route is covered without being listed here. Deterministic: a fixed seed.
 */

const t = useTestApp();

/** Operations not swept, with the reason. */
const SKIPPED: Record<string, string> = {
  // Signed by the provider (HMAC of the raw body); bad input is refused before parsing, tested there.
  'POST /api/webhooks/bank-link': 'provider webhook (signature first)',
  'POST /api/webhooks/identity': 'provider webhook (signature first)',
  'POST /api/webhooks/rails': 'provider webhook (signature first)',
};

const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 40);
const MEGABYTE_STRING = 'x'.repeat(1_000_000);

/** Bad leaf values: every one is sent in place of every field, query parameter and (as text) path id. */
const BAD_VALUES: unknown[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '%00%27%22',
  'Ünïcödé ☃ 𝔘 ‮ ﷽ 👩‍👩‍👧',
  '\t\n\r',
  'x'.repeat(300),
  'y'.repeat(20_000),
  'a'.repeat(100),
  '0123456789abcdef0123456789abcdef',
  '0'.repeat(24),
  -1,
  0,
  0.001,
  1.005,
  -0.01,
  1e21,
  2 ** 53 + 2,
  1e308,
  '99999999999999999999',
  '999999999999.99',
  '0x10',
  '1e5',
  'NaN',
  'Infinity',
  '-0',
  '1,000,000,000,000',
  '0000-01-01',
  '9999-12-31',
  '0099-01-01',
  '2026-02-30',
  '2026-11-02T25:00:00Z',
  '275760-09-13',
  null,
  true,
  {},
  [],
  [null],
  { $ne: null },
];

/** The values most likely to break something, tried in every top-level field of small bodies. */
const CORE_BAD_VALUES: unknown[] = [
  'a\u0000b',
  '\ud800',
  'y'.repeat(20_000),
  'a'.repeat(100),
  "'; DROP TABLE users; --",
  -1,
  1.005,
  1e21,
  '99999999999999999999',
  '0x10',
  '0000-01-01',
  '9999-12-31',
  '0099-01-01',
  null,
  {},
  [],
];

const BAD_PATH_VALUES = [
  'a'.repeat(200),
  '0'.repeat(24),
  'ZZZZZZZZZZZZZZZZZZZZZZZZ',
  '%00',
  'a%00b',
  '%27%3B%20DROP%20TABLE',
  '%F0%9F%92%A9',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  '-1',
  '1e309',
];

const ODD_HEADERS: Record<string, string>[] = [
  { 'idempotency-key': 'k'.repeat(5_000) },
  { 'idempotency-key': '' },
  { 'request-id': 'r'.repeat(500) },
  { 'device-id': 'd'.repeat(5_000) },
  { 'visitor-id': "'; DROP TABLE --" },
  { 'session-id': 's'.repeat(300) },
  { 'accept-language': 'x'.repeat(2_000) },
  { origin: 'https://evil.example' },
  { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' },
];

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

interface Case extends OperationRequest {
  label: string;
}

function casesFor(op: Operation, fixture: Fixture): Case[] {
  const random = prng(hash(`${op.method} ${op.path}`));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const params = Object.fromEntries(
    pathParams.map((p) => [p.name, String(plausible(p.schema, p.name, fixture))]),
  );
  const query = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, plausible(p.schema, p.name, fixture)]),
  );
  const body = op.body ? plausible(op.body, '', fixture) : undefined;
  const base: Case = { label: 'plausible', params, query, body, headers: {} };
  const cases: Case[] = [base];

  // Structure: no body, wrong root types, each required field missing, a 1 MB string.
  if (op.body) {
    cases.push({ ...base, label: 'no body', body: undefined });
    cases.push({ ...base, label: 'body array', body: [body] });
    cases.push({ ...base, label: 'body string', body: 'not an object' });
    cases.push({ ...base, label: 'body null', rawBody: 'null' });
    cases.push({ ...base, label: 'body not json', rawBody: '{"a":' });
    cases.push({ ...base, label: 'body bad escape', rawBody: '{"a":"\\ud800\\u0000"}' });
    for (const name of op.body.required ?? []) {
      cases.push({ ...base, label: `missing ${name}`, body: setAt(body, [name], undefined, true) });
    }
  }
  const fields = fieldPaths(op.body);
  const leafStrings = fields.filter((f) => typeof fieldValue(body, f) === 'string');
  if (leafStrings[0]) {
    cases.push({
      ...base,
      label: `1MB ${leafStrings[0].join('.')}`,
      body: setAt(body, leafStrings[0], MEGABYTE_STRING),
    });
  }
  for (const p of queryParams.slice(0, 1)) {
    cases.push({ ...base, label: `1MB query ${p.name}`, query: { ...query, [p.name]: 'q'.repeat(60_000) } });
  }
  for (const p of pathParams) {
    for (const value of BAD_PATH_VALUES) {
      cases.push({
        ...base,
        label: `path ${p.name}=${value.slice(0, 20)}`,
        params: { ...params, [p.name]: value },
      });
    }
  }
  for (const headers of ODD_HEADERS.slice(0, 4))
    cases.push({ ...base, label: `headers ${Object.keys(headers)}`, headers });

  // Every bad value in place of sampled fields and query parameters.
  const targets: { kind: 'body' | 'query'; path: string[] }[] = [
    ...fields.map((path) => ({ kind: 'body' as const, path })),
    ...queryParams.map((p) => ({ kind: 'query' as const, path: [p.name] })),
  ];
  if (targets.length) {
    for (let i = 0; i < CASES_PER_OPERATION; i += 1) {
      const target = pick(targets);
      const value = i < BAD_VALUES.length ? BAD_VALUES[i] : pick(BAD_VALUES);
      const label = `${target.kind} ${target.path.join('.')}=${JSON.stringify(value)?.slice(0, 30)}`;
      if (target.kind === 'body') cases.push({ ...base, label, body: setAt(body, target.path, value) });
      else {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        cases.push({ ...base, label, query: { ...query, [target.path[0] as string]: text } });
      }
    }
  }
  // Also every core bad value in each top-level field of small bodies (cheap and thorough).
  const topLevel = Object.keys(op.body?.properties ?? {});
  if (topLevel.length && topLevel.length <= 3) {
    for (const name of topLevel) {
      for (const value of CORE_BAD_VALUES) {
        cases.push({
          ...base,
          label: `${name}=${JSON.stringify(value)?.slice(0, 30)}`,
          body: setAt(body, [name], value),
        });
      }
    }
  }
  cases.push(
    ...ODD_HEADERS.slice(4).map((headers) => ({
      ...base,
      label: `headers ${Object.keys(headers)}`,
      headers,
    })),
  );
  return cases;
}

/** A practice for the signed-in accountant and one invited team member: their ids. */
async function makePracticeTeam(headers: Record<string, string>) {
  const practice = await t.app.inject({
    method: 'POST',
    url: '/api/practice',
    headers,
    payload: { practiceFirmName: 'Harbor Ledger Partners', clientRange: 'ZERO_TO_FIVE' },
  });
  expect(practice.statusCode, practice.body).toBe(201);
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/practice-members/send-invite',
    headers,
    payload: { name: 'Team Member', email: 'team.member@harbor-ledger.com' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const member = invited.json().data as { id: string; invitationId: string };
  return { teamMemberId: member.id, invitationId: member.invitationId };
}

it('no operation answers a server error or a malformed error to bad input', async () => {
  const p = await payer(t);
  const bill = await makeBill(t, p, '500.00');
  const payment = await schedulePayment(t, p, bill.id, '100.00');
  // The owner is also an accountant with a practice and a pending team member (the team calls).
  await t.context.database.db.update(users).set({ userType: 'ACCOUNTANT' }).where(eq(users.id, p.owner.id));
  const team = await makePracticeTeam(p.headers);
  const fixture: Fixture = {
    ids: {
      any: '0123456789abcdef01234567',
      businessId: p.businessId,
      id: bill.id,
      billId: bill.id,
      vendorId: p.vendor.id,
      contactId: p.vendor.id,
      payeeId: p.vendor.id,
      customerId: p.vendor.id,
      paymentId: payment.id,
      paymentInstrumentId: p.bank.id,
      bankAccountId: p.bank.id,
      // Not `accountId`: the sandbox bank's statement would open the fixture bank's fake sealed number.
      chartAccountId: p.chartAccountId,
      teamMemberId: team.teamMemberId,
      invitationId: team.invitationId,
    },
  };
  const document = t.app.swagger() as OpenApiDocument;
  const operations = operationsOf(document).filter((op) => !SKIPPED[`${op.method} ${op.path}`]);
  expect(operations.length).toBeGreaterThan(50);

  const failures: string[] = [];
  let requests = 0;
  const started = Date.now();
  for (const op of operations) {
    // A fresh session per operation: a case that signs out or changes the password ends only its own.
    const headers = await signIn(t.context, p.owner);
    for (const c of casesFor(op, fixture)) {
      requests += 1;
      const res = await injectOperation(t.app, op, c, headers);
      const where = `${op.method} ${op.path} [${c.label}]`;
      if (res.statusCode >= 500) {
        failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
        const error = res.json() as Record<string, unknown>;
        const wellFormed =
          typeof error.message === 'string' &&
          error.statusCode === res.statusCode &&
          Array.isArray(error.errors) &&
          typeof error.errorCode === 'string';
        if (!wellFormed)
          failures.push(`${where} → ${res.statusCode} malformed error ${res.body.slice(0, 200)}`);
      }
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`fuzz: ${operations.length} operations, ${requests} requests in ${seconds}s`);
  if (failures.length) console.error(`fuzz failures (${failures.length}):\n${failures.join('\n')}`);
  expect(failures).toEqual([]);
}, 900_000);
