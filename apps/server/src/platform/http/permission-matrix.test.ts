import {
  ACCESS_DENIED_MESSAGE,
  type Action,
  defineAbilityFor,
  PERMISSION_KEYS,
  type Subject,
} from '@ferry/domain/permissions';
import { expect, it } from 'vitest';
import { addMember } from '../../modules/businesses/service.js';
import { roles } from '../../modules/roles/tables.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import {
  type Fixture,
  injectOperation,
  type OpenApiDocument,
  type Operation,
  type OperationRequest,
  objectBranch,
  operationKey,
  operationsOf,
  plausible,
} from '../../testing/openapi-operations.js';
import { useTestApp } from '../../testing/test-app.js';
import { PERMISSION_EXTENSION, type PublishedPermission } from '../auth/guard.js';
import { newId } from '../ids.js';

/**
 * The permission matrix (issue 17): every business operation publishes the right it needs in the OpenAPI
 * document (`x-permission`), and the matrix is kept beside this test (permission-matrix.md: a change of a
 * route's right shows in review). Then every business operation is called by members who each hold one
 * single permission key (and by one who holds none): a member the matrix does not allow gets 403 with the
 * spec's block message before anything runs; a member it allows is never refused for their role (their
 * call may still fail for its own reasons — ids of nothing, a body the route rejects).
 */

const t = useTestApp();

type Member = { key: string | null; headers: Record<string, string> };

/** Operations under a business id that are not for its members, with the reason (they are not walked). */
const NOT_FOR_MEMBERS: Record<string, string> = {
  'POST /api/business/{businessId}/user/accept-business':
    'the invitee of a control-person or beneficial-owner invitation, not a member: the invitation authorises it',
};

const PATH_VALUES: Record<string, string> = { type: 'bill' };

/**
 * Operations whose published right is a union over what the request asks, the handler checking the
 * part asked: the right of the request walked here (required parameters only). GET payments lists the
 * payer's payments (read PayPayments), or with payeeId the payments received (read
 * GetPaidPaymentsReceived; payments/received.test.ts).
 */
const WALKED_REQUEST_RIGHT: Record<string, PublishedPermission> = {
  'GET /api/business/{businessId}/payments': { action: 'read', subject: 'PayPayments' },
};

const documentPermission = (document: OpenApiDocument, op: Operation): PublishedPermission | undefined => {
  const item = document.paths?.[op.path]?.[op.method.toLowerCase()] as Record<string, unknown> | undefined;
  return item?.[PERMISSION_EXTENSION] as PublishedPermission | undefined;
};

const describePermission = (permission: PublishedPermission): string => {
  if ('membership' in permission) return 'any member';
  if ('role' in permission) return `the ${permission.role} role`;
  if ('anyOf' in permission) return permission.anyOf.map((r) => `${r.action} ${r.subject}`).join(' or ');
  return `${permission.action} ${permission.subject}`;
};

/** What the matrix says of a member holding `keys` (computed here from the document, not the guard). */
const matrixAllows = (permission: PublishedPermission, keys: string[]): boolean => {
  if ('membership' in permission) return true;
  // The members walked hold custom roles of one key each: none is the built-in Admin role.
  if ('role' in permission) return false;
  const ability = defineAbilityFor(keys);
  const rights = 'anyOf' in permission ? permission.anyOf : [permission];
  return rights.some((right) => ability.can(right.action as Action, right.subject as Subject));
};

function requestFor(op: Operation, businessId: string, fixture: Fixture): OperationRequest {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  for (const parameter of op.parameters) {
    if (parameter.in === 'path') {
      params[parameter.name] =
        parameter.name === 'businessId'
          ? businessId
          : (PATH_VALUES[parameter.name] ?? String(plausible(parameter.schema, parameter.name, fixture)));
    } else if (parameter.in === 'query' && parameter.required) {
      query[parameter.name] = plausible(parameter.schema, parameter.name, fixture);
    }
  }
  const body = op.body ? plausible(objectBranch(op.body), 'body', fixture) : undefined;
  return { params, query, body, headers: {} };
}

async function makeMembers(businessId: string): Promise<Member[]> {
  const { db } = t.context.database;
  const now = t.context.clock.now();
  const members: Member[] = [];
  for (const key of [null, ...PERMISSION_KEYS]) {
    const [role] = await db
      .insert(roles)
      .values({
        id: newId(),
        businessId,
        name: `Only ${key ?? 'membership'}`,
        description: 'One permission key',
        permissions: key ? [key] : [],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!role) throw new Error('role not created');
    const user = await makeUser(t.context);
    await addMember({ db, clock: t.context.clock, businessId, userId: user.id, roleId: role.id });
    members.push({ key, headers: await signIn(t.context, user) });
  }
  return members;
}

it('publishes the right of every business operation and enforces it for every single permission', async () => {
  const document = (
    await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
  ).json() as OpenApiDocument;
  const operations = operationsOf(document);

  // Every operation under a business id is a business operation: it publishes its right.
  const business = operations.filter(
    (op) =>
      op.parameters.some((p) => p.in === 'path' && p.name === 'businessId') &&
      !NOT_FOR_MEMBERS[operationKey(op)],
  );
  const unpublished = business.filter((op) => !documentPermission(document, op)).map(operationKey);
  expect(unpublished).toEqual([]);
  expect(business.length).toBeGreaterThan(100);

  // The matrix, kept beside the test.
  const cells = business
    .map((op): [string, string] => {
      const permission = documentPermission(document, op);
      return [`\`${operationKey(op)}\``, permission ? describePermission(permission) : 'none'];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Columns padded as a Markdown formatter would leave them.
  const width = [0, 1].map((i) =>
    Math.max(...[['operation', 'needs'], ...cells].map((row) => row[i]?.length ?? 0)),
  );
  const row = (a: string, b: string) => `| ${a.padEnd(width[0] ?? 0)} | ${b.padEnd(width[1] ?? 0)} |`;
  const rows = [row('operation', 'needs'), row('-'.repeat(width[0] ?? 0), '-'.repeat(width[1] ?? 0))];
  for (const [a, b] of cells) rows.push(row(a, b));
  const matrix = [
    '# Permission matrix',
    '',
    'The right each business operation needs beyond membership of the business (`x-permission` in',
    '`/api/openapi.json`). `manage` includes `read`. Generated by `permission-matrix.test.ts`',
    '(`npx vitest run src/platform/http/permission-matrix.test.ts -u` after changing a route).',
    '',
    ...rows,
    '',
  ].join('\n');
  await expect(matrix).toMatchFileSnapshot('./permission-matrix.md');

  const { businessId } = await makeSignedInBusiness(t.context);
  const members = await makeMembers(businessId);
  const fixture: Fixture = { ids: { any: newId() } };

  const wrong: string[] = [];
  let calls = 0;
  for (const op of business) {
    const permission = documentPermission(document, op);
    if (!permission) continue;
    for (const member of members) {
      const keys = member.key ? [member.key] : [];
      const allowed = matrixAllows(WALKED_REQUEST_RIGHT[operationKey(op)] ?? permission, keys);
      const request = requestFor(op, businessId, fixture);
      // A role written by a member holds only rights they hold themselves (no one raises their own).
      if (request.body && typeof request.body === 'object' && 'permissions' in request.body) {
        request.body = { ...request.body, permissions: keys };
      }
      const response = await injectOperation(t.app, op, request, member.headers);
      calls += 1;
      const body = response.json() as { errorCode?: string; message?: string } | undefined;
      const refused = response.statusCode === 403 && body?.errorCode === 'ACCESS_DENIED';
      if (allowed && refused) wrong.push(`${operationKey(op)}: ${member.key ?? 'no key'} refused`);
      if (!allowed && !refused) {
        wrong.push(`${operationKey(op)}: ${member.key ?? 'no key'} got ${response.statusCode}`);
      }
      if (refused) expect(body?.message).toBe(ACCESS_DENIED_MESSAGE);
      expect(response.statusCode, `${operationKey(op)} as ${member.key}`).toBeLessThan(500);
    }
  }
  expect(wrong).toEqual([]);
  expect(calls).toBe(business.length * members.length);
  console.log(`permission matrix: ${business.length} operations × ${members.length} members, ${calls} calls`);
}, 600_000);
