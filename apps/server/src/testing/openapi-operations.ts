import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The app's own OpenAPI document as the schema-driven sweeps read it (issue 16: the bad-input fuzz and the
 * cross-tenant sweep): its operations, plausible values for its schemas, and a request to one of them.
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | Schema;
};

export interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
  required?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  bodyType?: string;
}

export type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> };

/** `GET /api/...`: how operations are named in skip lists and reports. */
export const operationKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

export interface Fixture {
  /** Ids by field name (`billId`: a bill of the business); `any`: a well-formed id of nothing. */
  ids: Record<string, string>;
  /** Valid values by field name (`routingNumber`: nine digits), for the fields a guess gets wrong. */
  values?: Record<string, string | number>;
}

/** A plausible (valid-looking) value for a schema, so that one bad field goes deep into the handler. */
export function plausible(schema: Schema | undefined, name: string, fixture: Fixture, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const first = alternatives.find((s) => s.type !== 'null') ?? alternatives[0];
    return plausible(first, name, fixture, depth + 1);
  }
  if (schema.allOf?.length) return plausible(schema.allOf[0], name, fixture, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = plausible(value, key, fixture, depth + 1);
      }
      return out;
    }
    case 'array':
      return [plausible(schema.items, name, fixture, depth + 1)];
    case 'integer':
    case 'number': {
      const value = fixture.values?.[name];
      return typeof value === 'number' ? value : Math.max(schema.minimum ?? 1, 1);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (fixture.ids[name]) return fixture.ids[name];
      const value = fixture.values?.[name];
      if (typeof value === 'string') return value;
      if (/id$/i.test(name)) return fixture.ids.any;
      if (schema.format === 'date' || /date$/i.test(name)) return '2026-11-02';
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
      if (/amount|price/i.test(name)) return '10.00';
      return 'Fuzz Text';
    }
    default:
      return 'x';
  }
}

/** The object branch of a schema (its first object alternative), or the schema itself. */
export function objectBranch(schema: Schema | undefined): Schema | undefined {
  const alternatives = schema?.anyOf ?? schema?.oneOf;
  if (!alternatives?.length) return schema;
  return alternatives.find((s) => s.type === 'object' || s.properties) ?? alternatives[0];
}

/** Dotted paths of the body's leaves (and objects), up to a depth. */
export function fieldPaths(schema: Schema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 4) return [];
  if (schema.anyOf ?? schema.oneOf) return fieldPaths(objectBranch(schema), prefix, depth);
  const paths: string[][] = prefix.length ? [prefix] : [];
  if (schema.properties) {
    for (const [key, value] of Object.entries(schema.properties)) {
      paths.push(...fieldPaths(value, [...prefix, key], depth + 1));
    }
  }
  if (schema.type === 'array' && schema.items)
    paths.push(...fieldPaths(schema.items, [...prefix, '0'], depth + 1));
  return paths;
}

/** The schema of a field at a dotted path (array items by '0'). */
export function schemaAt(schema: Schema | undefined, path: string[]): Schema | undefined {
  let node = objectBranch(schema);
  for (const key of path) {
    node = objectBranch(key === '0' ? node?.items : node?.properties?.[key]);
  }
  return node;
}

export function setAt(target: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(target);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

export function fieldValue(body: unknown, path: string[]): unknown {
  let node = body as Record<string, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string, unknown> | undefined;
  return node;
}

/**
 * Every operation of the document; reads first, removals and session enders last, so that one case's
 * success does not hide the others.
 */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as
        | {
            parameters?: Operation['parameters'];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        | undefined;
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: bodyType ? content[bodyType]?.schema : undefined,
        bodyType,
      });
    }
  }
  const rank = (op: Operation) =>
    op.method === 'GET'
      ? 0
      : /sign-out|logout|deactivate|leave|close/.test(op.path)
        ? 3
        : op.method === 'DELETE'
          ? 2
          : 1;
  return operations.sort((a, b) => rank(a) - rank(b));
}

/** One request to an operation: path parameters, query, and a JSON body (or a raw one). */
export interface OperationRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  rawBody?: string | Buffer;
  headers: Record<string, string>;
}

export function urlOf(op: Operation, request: Pick<OperationRequest, 'params' | 'query'>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = request.params[name] ?? 'x';
    return /%/.test(value) ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    if (value !== undefined) search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Sends one request to an operation, signed in with `session` and with a fresh Idempotency-Key (the
 * request's own headers win). A raw body is sent as JSON unless the request names its content type.
 */
export function injectOperation(
  app: FastifyInstance,
  op: Operation,
  request: OperationRequest,
  session: Record<string, string>,
) {
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  return app.inject({
    method: op.method as 'GET',
    url: urlOf(op, request),
    headers: {
      ...session,
      'idempotency-key': randomUUID(),
      ...(request.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(withBody && request.rawBody !== undefined ? { payload: request.rawBody } : {}),
    ...(withBody && request.rawBody === undefined && request.body !== undefined
      ? { payload: request.body as Record<string, unknown> }
      : {}),
  });
}
