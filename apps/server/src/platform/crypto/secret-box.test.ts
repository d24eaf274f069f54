import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import {
  createSecretBox,
  getDataSecretBox,
  loadOrCreateKeyFile,
  parseDataKey,
  SecretBoxError,
} from './secret-box.js';

const key = () => randomBytes(32);
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-secret-box-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Flips one bit of one base64url part of a sealed value. */
function tamper(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const box = createSecretBox(key());
    const a = box.seal('9876543210123', 'row-1');
    const b = box.seal('9876543210123', 'row-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('9876543210123');
    expect(a.startsWith('v1.')).toBe(true);
    expect(box.open(a, 'row-1')).toBe('9876543210123');
    expect(box.open(b, 'row-1')).toBe('9876543210123');
    expect(box.open(box.seal(''), '')).toBe('');
    expect(box.open(box.seal('ünïcødé ✓'))).toBe('ünïcødé ✓');
  });

  it.each([
    [1, 'the IV'],
    [2, 'the tag'],
    [3, 'the ciphertext'],
  ] as const)('refuses a value whose part %i (%s) was changed', (part, _name) => {
    const box = createSecretBox(key());
    const sealed = box.seal('9876543210123', 'row-1');
    expect(() => box.open(tamper(sealed, part), 'row-1')).toThrow(SecretBoxError);
  });

  it('refuses another context (a value moved to another row), another key, and garbage', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('9876543210123', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow(
      'The sealed value was changed or sealed with another key.',
    );
    expect(() => createSecretBox(key()).open(sealed, 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open('v2.a.b.c')).toThrow('Not a sealed value.');
    expect(() => box.open('nonsense')).toThrow('Not a sealed value.');
    expect(() => box.open(`${sealed}.extra`, 'row-1')).toThrow('Not a sealed value.');
    const [v, , tag, body] = sealed.split('.');
    expect(() => box.open([v, 'AAAA', tag, body].join('.'), 'row-1')).toThrow('Not a sealed value.');
  });

  it('wants a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
    expect(parseDataKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(parseDataKey(randomBytes(32).toString('base64url'))).toHaveLength(32);
    expect(parseDataKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseDataKey('not base64!')).toBeNull();
  });
});

describe('the data key', () => {
  it('is made once in DATA_DIR/keys/data.key with mode 0600 and reused', () => {
    const dir = tempDir();
    const first = loadOrCreateKeyFile(dir);
    const file = path.join(dir, 'keys', 'data.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(dir).equals(first)).toBe(true);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    const sealed = getDataSecretBox(config).seal('12345');
    // Another process with the same folder reads the same key.
    expect(getDataSecretBox(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir })).open(sealed)).toBe('12345');
  });

  it('comes from DATA_ENCRYPTION_KEY when set (no key file is written)', () => {
    const dir = tempDir();
    const value = randomBytes(32).toString('base64');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATA_ENCRYPTION_KEY: value });
    const sealed = getDataSecretBox(config).seal('12345', 'x');
    expect(createSecretBox(Buffer.from(value, 'base64')).open(sealed, 'x')).toBe('12345');
    expect(fs.existsSync(path.join(dir, 'keys'))).toBe(false);
  });

  it('refuses a bad DATA_ENCRYPTION_KEY at start', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'not a key' })).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it('refuses a damaged key file', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'keys'));
    fs.writeFileSync(path.join(dir, 'keys', 'data.key'), 'short');
    expect(() => loadOrCreateKeyFile(dir)).toThrow(SecretBoxError);
  });
});

describe('keyed digest', () => {
  it('is stable under one key, differs under another, and is not the plain SHA-256', async () => {
    const { createHash } = await import('node:crypto');
    const key = randomBytes(32);
    const a = createSecretBox(key);
    expect(a.digest('4111222233')).toBe(createSecretBox(key).digest('4111222233'));
    expect(a.digest('4111222233')).not.toBe(a.digest('4111222234'));
    expect(a.digest('4111222233')).not.toBe(createSecretBox(randomBytes(32)).digest('4111222233'));
    expect(a.digest('4111222233')).not.toBe(createHash('sha256').update('4111222233').digest('hex'));
  });
});
