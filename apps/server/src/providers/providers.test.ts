import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../platform/db/client.js';
import { createProviders } from './index.js';

/** Selection never touches the database; the sandbox identity provider only keeps it for later. */
const deps = { database: {} as Database, clock: { now: () => new Date() } };

describe('files provider selection', () => {
  it('keeps files in DATA_DIR/files by default', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/ferry-data' });
    expect(config.FILES_PROVIDER).toBe('local');
    expect(config.filesDir).toBe(path.resolve('/srv/ferry-data/files'));
    expect(createProviders(config, deps).files.name).toBe('local');
  });

  it('uses S3 when configured', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      FILES_PROVIDER: 's3',
      S3_BUCKET: 'ferry-files',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(createProviders(config, deps).files.name).toBe('s3');
  });

  it('refuses an S3 setup without a bucket, or with half a key pair', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FILES_PROVIDER: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', FILES_PROVIDER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', FILES_PROVIDER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' }),
    ).toThrow(/set both or neither/);
    expect(() => loadConfig({ NODE_ENV: 'test', FILES_PROVIDER: 'ftp' })).toThrow(ConfigError);
  });
});

describe('identity provider selection', () => {
  it('uses the sandbox by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(createProviders(config, deps).identity.name).toBe('sandbox');
  });

  it('uses Persona when configured, and refuses it without its key and templates', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      IDENTITY_PROVIDER: 'persona',
      PERSONA_API_KEY: 'persona_sandbox_key',
      PERSONA_INDIVIDUAL_TEMPLATE_ID: 'itmpl_individual',
      PERSONA_BUSINESS_TEMPLATE_ID: 'itmpl_business',
    });
    expect(createProviders(config, deps).identity.name).toBe('persona');
    expect(() => loadConfig({ NODE_ENV: 'test', IDENTITY_PROVIDER: 'persona' })).toThrow(/PERSONA_API_KEY/);
  });
});

describe('rails provider selection', () => {
  it('uses the sandbox rails by default, Modern Treasury when configured, and refuses it half configured', () => {
    expect(createProviders(loadConfig({ NODE_ENV: 'test' }), deps).rails.name).toBe('sandbox');
    const config = loadConfig({
      NODE_ENV: 'test',
      RAILS_PROVIDER: 'modern-treasury',
      MODERN_TREASURY_API_KEY: 'mt_test_key',
      MODERN_TREASURY_ORGANIZATION_ID: 'org_1',
      MODERN_TREASURY_INTERNAL_ACCOUNT_ID: 'ia_1',
    });
    expect(createProviders(config, deps).rails.name).toBe('modern-treasury');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', RAILS_PROVIDER: 'modern-treasury', MODERN_TREASURY_API_KEY: 'k' }),
    ).toThrow(/MODERN_TREASURY_ORGANIZATION_ID/);
  });
});
