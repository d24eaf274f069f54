import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertValidFileKey, type FilesProvider, type StoredFile } from './files.js';

export interface S3FilesOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Ceph...); path-style addressing is used with it. */
  endpoint?: string | undefined;
  /** Static keys; without them the SDK's default chain (environment, instance role...) applies. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Extra client settings (tests inject a request handler that answers recorded responses). */
  clientConfig?: Partial<S3ClientConfig>;
}

const isNotFound = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
};

/** Files in S3 or an S3-compatible object store, through AWS's official SDK. */
export function createS3Files(options: S3FilesOptions): FilesProvider {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    ...options.clientConfig,
  });
  const Bucket = options.bucket;

  return {
    name: 's3',
    async put(key, body, { contentType }) {
      assertValidFileKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key): Promise<StoredFile | null> {
      assertValidFileKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        const body = Buffer.from(await object.Body.transformToByteArray());
        return {
          body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: body.length,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
