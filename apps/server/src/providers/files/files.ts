/** A stored file as read back. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
  size: number;
}

/**
 * Keeps files (logos, documents) by key. Keys are relative paths of safe segments
 * (`businesses/{id}/logo/{id}.png`); an unsafe key is refused before any adapter touches storage.
 */
export interface FilesProvider {
  readonly name: string;
  /** Stores (or replaces) the file under `key`. */
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`invalid file key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = 'InvalidFileKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/**
 * Whether a key is safe everywhere: segments of letters, digits, '.', '_' and '-' that start with a
 * letter or digit (so no '.', '..', hidden names or empty segments), joined by '/', no leading slash,
 * no backslash, at most 512 characters.
 */
export function isValidFileKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
}
