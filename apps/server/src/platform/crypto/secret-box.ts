import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * Encryption at rest for small secrets (bank account numbers): AES-256-GCM with a fresh 12-byte IV per
 * value. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url parts); opening checks the tag, so a
 * changed byte anywhere (or another key) is refused. `context` is bound as additional data: a value
 * sealed for one row cannot be moved to another.
 */
export interface SecretBox {
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
  /** A keyed digest (HMAC-SHA256 under a key derived from the data key): comparable, not reversible by guessing. */
  digest(text: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES)
    throw new SecretBoxError(`The data encryption key must be ${KEY_BYTES} bytes.`);
  const digestKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'ferry digest v1', KEY_BYTES));
  return {
    digest(text) {
      return createHmac('sha256', digestKey).update(text, 'utf8').digest('hex');
    },
    seal(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context = '') {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length) {
        throw new SecretBoxError('Not a sealed value.');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new SecretBoxError('Not a sealed value.');
      try {
        const decipher = createDecipheriv(ALGORITHM, key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('The sealed value was changed or sealed with another key.');
      }
    },
  };
}

/** Decodes `DATA_ENCRYPTION_KEY` (base64 of 32 bytes), or null when it is not that. */
export function parseDataKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The key file `DATA_DIR/keys/data.key` (base64, mode 0600), made on first use. Losing it makes the
 * sealed values unreadable: back it up with the data folder, or set DATA_ENCRYPTION_KEY.
 */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'data.key');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseDataKey(fs.readFileSync(file, 'utf8'));
  if (!key)
    throw new SecretBoxError(`The key file ${file} does not hold a base64 key of ${KEY_BYTES} bytes.`);
  return key;
}

const boxes = new WeakMap<Config, SecretBox>();

/** The data secret box of a configuration (made once per configuration, so once per app). */
export function getDataSecretBox(
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'dataDir'> & object,
): SecretBox {
  const cached = boxes.get(config as Config);
  if (cached) return cached;
  const key = config.DATA_ENCRYPTION_KEY
    ? parseDataKey(config.DATA_ENCRYPTION_KEY)
    : loadOrCreateKeyFile(config.dataDir);
  if (!key) throw new SecretBoxError(`DATA_ENCRYPTION_KEY must be the base64 of ${KEY_BYTES} bytes.`);
  const box = createSecretBox(key);
  boxes.set(config as Config, box);
  return box;
}
