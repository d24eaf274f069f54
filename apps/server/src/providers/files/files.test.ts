import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidFileKeyError, isValidFileKey } from './files.js';
import { createLocalFiles } from './local.js';
import { createS3Files } from './s3.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const UNSAFE_KEYS = [
  '',
  '../outside.png',
  'businesses/../../outside.png',
  '/etc/passwd',
  'businesses//logo.png',
  'businesses/./logo.png',
  'businesses\\..\\outside.png',
  '.meta/businesses/x.png.json',
  'businesses/.hidden',
  'businesses/logo.png/',
  'a b.png',
  `${'a'.repeat(513)}`,
];

describe('file keys', () => {
  it('accepts relative paths of safe segments', () => {
    expect(isValidFileKey('businesses/0123456789abcdef01234567/logo/fedcba9876543210fedcba98.png')).toBe(
      true,
    );
    expect(isValidFileKey('logo.png')).toBe(true);
  });

  it.each(UNSAFE_KEYS)('refuses %j', (key) => {
    expect(isValidFileKey(key)).toBe(false);
  });
});

describe('local files (sandbox)', () => {
  let base: string;
  let root: string;
  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-files-'));
    root = path.join(base, 'files');
  });
  afterAll(() => fs.rm(base, { recursive: true, force: true }));

  it('stores, reads back with the content type, replaces and deletes', async () => {
    const files = createLocalFiles({ root });
    const key = 'businesses/0123456789abcdef01234567/logo/a.png';
    expect(await files.get(key)).toBeNull();
    await files.put(key, PNG, { contentType: 'image/png' });
    expect(await files.get(key)).toEqual({ body: PNG, contentType: 'image/png', size: PNG.length });
    expect(await fs.readFile(path.join(root, key))).toEqual(PNG);

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9]);
    await files.put(key, jpeg, { contentType: 'image/jpeg' });
    expect(await files.get(key)).toEqual({ body: jpeg, contentType: 'image/jpeg', size: 5 });

    await files.delete(key);
    expect(await files.get(key)).toBeNull();
    await expect(files.delete(key)).resolves.toBeUndefined();
    // No temporary files are left behind.
    expect(await fs.readdir(path.join(root, 'businesses/0123456789abcdef01234567/logo'))).toEqual([]);
  });

  it.each(UNSAFE_KEYS)('never reads, writes or deletes outside its folder: %j', async (key) => {
    const files = createLocalFiles({ root });
    const outside = path.join(base, 'outside.png');
    await fs.writeFile(outside, 'keep me');
    await expect(files.put(key, PNG, { contentType: 'image/png' })).rejects.toBeInstanceOf(
      InvalidFileKeyError,
    );
    await expect(files.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(files.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(await fs.readFile(outside, 'utf8')).toBe('keep me');
  });
});

/**
 * Answers recorded from the S3 API reference (PutObject, GetObject, DeleteObject, errors). The error
 * answers carry no Date header: the SDK treats an error whose Date is far from the local clock as clock
 * skew and retries it.
 */
const RECORDED = {
  putObject: {
    statusCode: 200,
    headers: {
      'x-amz-id-2': 'LriYPLdmOdAiIfgSm/F1YsViT1LW94/xUQxMsF7xiEb1a0wiIOIxl+zbwZ163pt7',
      'x-amz-request-id': '0A49CE4060975EAC',
      date: 'Mon, 02 Nov 2026 15:00:00 GMT',
      etag: '"1b2cf535f27731c974343645a3985328"',
      'content-length': '0',
      server: 'AmazonS3',
    },
    body: '',
  },
  getObject: {
    statusCode: 200,
    headers: {
      'x-amz-id-2': 'eftixk72aD6Ap51TnqcoF8eFidJG9Z/2mkiDFu8yU9AS1ed4OpIszj7UDNEHGran',
      'x-amz-request-id': '318BC8BC148832E5',
      date: 'Mon, 02 Nov 2026 15:00:01 GMT',
      'last-modified': 'Mon, 02 Nov 2026 15:00:00 GMT',
      etag: '"fba9dede5f27731c9771645a39863328"',
      'content-length': String(PNG.length),
      'content-type': 'image/png',
      server: 'AmazonS3',
    },
    body: PNG,
  },
  noSuchKey: {
    statusCode: 404,
    headers: {
      'x-amz-request-id': '4442587FB7D0A2F9',
      'content-type': 'application/xml',
      server: 'AmazonS3',
    },
    body: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>businesses/missing.png</Key><RequestId>4442587FB7D0A2F9</RequestId><HostId>eftixk72aD6Ap51TnqcoF8eFidJG9Z/2mkiDFu8yU9AS1ed4OpIszj7UDNEHGran</HostId></Error>',
  },
  accessDenied: {
    statusCode: 403,
    headers: {
      'x-amz-request-id': '4442587FB7D0A2F0',
      'content-type': 'application/xml',
      server: 'AmazonS3',
    },
    body: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>4442587FB7D0A2F0</RequestId><HostId>Uuag1LuByRx9e6j5Onimru9pO4ZVKnJ2Qz7/C1NPcfTWAtRPfTaOFg==</HostId></Error>',
  },
  deleteObject: {
    statusCode: 204,
    headers: {
      'x-amz-id-2': 'LriYPLdmOdAiIfgSm/F1YsViT1LW94/xUQxMsF7xiEb1a0wiIOIxl+zbwZ163pt7',
      'x-amz-request-id': '0A49CE4060975EAC',
      date: 'Mon, 02 Nov 2026 15:00:04 GMT',
      server: 'AmazonS3',
    },
    body: '',
  },
} as const;

type Recorded = (typeof RECORDED)[keyof typeof RECORDED];

interface SeenRequest {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A request handler that answers recorded responses in order and keeps the requests it saw. */
function recordedHandler(answers: Recorded[]) {
  const seen: SeenRequest[] = [];
  const requestHandler = {
    async handle(request: SeenRequest) {
      seen.push({ ...request, headers: { ...request.headers } });
      const answer = answers.shift();
      if (!answer) throw new Error('no recorded answer left');
      return {
        response: {
          statusCode: answer.statusCode,
          reason: undefined,
          headers: { ...answer.headers },
          body: Readable.from(answer.body.length > 0 ? [Buffer.from(answer.body)] : []),
        },
      };
    },
  } as unknown as S3ClientConfig['requestHandler'];
  return { requestHandler, seen };
}

const s3With = (answers: Recorded[], endpoint?: string) => {
  const { requestHandler, seen } = recordedHandler(answers);
  const files = createS3Files({
    bucket: 'ferry-files',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    clientConfig: { requestHandler, maxAttempts: 1 },
  });
  return { files, seen };
};

const bodyBytes = async (body: unknown): Promise<Buffer> => {
  if (Buffer.isBuffer(body) || body instanceof Uint8Array) return Buffer.from(body);
  if (typeof body === 'string') return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

describe('S3 adapter (recorded responses, no network)', () => {
  it('puts an object with its content type, signed, path-style on an S3-compatible endpoint', async () => {
    const { files, seen } = s3With([RECORDED.putObject], 'https://s3.example.test');
    await files.put('businesses/b1/logo/a.png', PNG, { contentType: 'image/png' });
    expect(seen).toHaveLength(1);
    const request = seen[0];
    expect(request?.method).toBe('PUT');
    expect(request?.hostname).toBe('s3.example.test');
    expect(request?.path).toBe('/ferry-files/businesses/b1/logo/a.png');
    expect(request?.headers['content-type']).toBe('image/png');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );
    expect(request?.headers.authorization).not.toContain('wJalrXUtnFEMI');
    expect(await bodyBytes(request?.body)).toEqual(PNG);
  });

  it('uses the bucket host on AWS itself', async () => {
    const { files, seen } = s3With([RECORDED.putObject]);
    await files.put('logo.png', PNG, { contentType: 'image/png' });
    expect(seen[0]?.hostname).toBe('ferry-files.s3.us-east-1.amazonaws.com');
    expect(seen[0]?.path).toBe('/logo.png');
  });

  it('gets an object back with its content type', async () => {
    const { files, seen } = s3With([RECORDED.getObject], 'https://s3.example.test');
    expect(await files.get('businesses/b1/logo/a.png')).toEqual({
      body: PNG,
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.path).toBe('/ferry-files/businesses/b1/logo/a.png');
  });

  it('answers null for a missing key (NoSuchKey)', async () => {
    const { files } = s3With([RECORDED.noSuchKey], 'https://s3.example.test');
    expect(await files.get('businesses/missing.png')).toBeNull();
  });

  it('deletes an object', async () => {
    const { files, seen } = s3With([RECORDED.deleteObject], 'https://s3.example.test');
    await files.delete('businesses/b1/logo/a.png');
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.path).toBe('/ferry-files/businesses/b1/logo/a.png');
  });

  it('raises other errors (AccessDenied) instead of pretending the file is missing', async () => {
    const { files } = s3With([RECORDED.accessDenied], 'https://s3.example.test');
    await expect(files.get('businesses/b1/logo/a.png')).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('refuses unsafe keys before calling the service', async () => {
    const { files, seen } = s3With([], 'https://s3.example.test');
    await expect(files.put('../x.png', PNG, { contentType: 'image/png' })).rejects.toBeInstanceOf(
      InvalidFileKeyError,
    );
    await expect(files.get('/etc/passwd')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(files.delete('a/../b')).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(seen).toEqual([]);
  });
});
