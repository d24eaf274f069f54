import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidFileKey, type FilesProvider, InvalidFileKeyError, type StoredFile } from './files.js';

/** Folder (inside the root) holding each file's content type; keys cannot name it (no leading dot). */
const META_DIR = '.meta';

const isMissing = (error: unknown): boolean =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The embedded files "service": files in a local folder (`${DATA_DIR}/files` by default). Keys are
 * checked twice — by their shape and by the resolved path staying inside the folder — so no key
 * reaches outside it. Writes go to a temporary file first and are renamed into place.
 */
export function createLocalFiles(options: { root: string }): FilesProvider {
  const root = path.resolve(options.root);

  const resolve = (key: string, base = root): string => {
    assertValidFileKey(key);
    const target = path.resolve(base, key);
    if (!target.startsWith(base + path.sep)) throw new InvalidFileKeyError(key);
    return target;
  };
  const metaPath = (key: string) => resolve(`${key}.json`, path.join(root, META_DIR));

  const writeAtomically = async (target: string, body: Buffer | string) => {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    name: 'local',
    async put(key, body, { contentType }) {
      const file = resolve(key);
      await writeAtomically(metaPath(key), JSON.stringify({ contentType }));
      await writeAtomically(file, body);
    },
    async get(key): Promise<StoredFile | null> {
      const file = resolve(key);
      let body: Buffer;
      try {
        body = await fs.readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta = JSON.parse(await fs.readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
        if (typeof meta.contentType === 'string') contentType = meta.contentType;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      return { body, contentType, size: body.length };
    },
    async delete(key) {
      const file = resolve(key);
      await fs.rm(file, { force: true });
      await fs.rm(metaPath(key), { force: true });
    },
  };
}
