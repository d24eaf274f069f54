import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://ferry.example' };
const REAL_PROVIDERS = {
  IDENTITY_PROVIDER: 'persona',
  PERSONA_API_KEY: 'k',
  PERSONA_INDIVIDUAL_TEMPLATE_ID: 'i',
  PERSONA_BUSINESS_TEMPLATE_ID: 'b',
  BANK_LINK_PROVIDER: 'plaid',
  PLAID_CLIENT_ID: 'c',
  PLAID_SECRET: 's',
  RAILS_PROVIDER: 'modern-treasury',
  MODERN_TREASURY_API_KEY: 'k',
  MODERN_TREASURY_ORGANIZATION_ID: 'o',
  MODERN_TREASURY_INTERNAL_ACCOUNT_ID: 'a',
  CARD_VAULT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  CARD_PROCESSOR: 'stripe',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  BOT_CHECK_PROVIDER: 'recaptcha',
  RECAPTCHA_SECRET: 'r',
  ACCOUNTING_PROVIDER: 'live',
  QBO_CLIENT_ID: 'q',
  QBO_CLIENT_SECRET: 'qs',
};

const errorOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('production and the sandbox providers', () => {
  it('refuses to start on the default (sandbox) providers, naming each setting and the real value', () => {
    const message = errorOf(PRODUCTION);
    for (const line of [
      'IDENTITY_PROVIDER: sandbox in production; set IDENTITY_PROVIDER=persona',
      'BANK_LINK_PROVIDER: sandbox in production; set BANK_LINK_PROVIDER=plaid',
      'RAILS_PROVIDER: sandbox in production; set RAILS_PROVIDER=modern-treasury',
      'CARD_VAULT_PROVIDER: sandbox in production; set CARD_VAULT_PROVIDER=stripe',
      'CARD_PROCESSOR: sandbox in production; set CARD_PROCESSOR=stripe',
      'BOT_CHECK_PROVIDER: sandbox in production; set BOT_CHECK_PROVIDER=recaptcha',
      'ACCOUNTING_PROVIDER: sandbox in production; set ACCOUNTING_PROVIDER=live',
    ]) {
      expect(message).toContain(line);
    }
    expect(message).toContain('ALLOW_SANDBOX_PROVIDERS=true');
  });

  it('refuses even one sandbox provider among real ones', () => {
    const message = errorOf({ ...PRODUCTION, ...REAL_PROVIDERS, IDENTITY_PROVIDER: 'sandbox' });
    expect(message).toContain('IDENTITY_PROVIDER: sandbox in production');
    expect(message).not.toContain('BANK_LINK_PROVIDER');
  });

  it('starts on real providers, and lists no sandbox', () => {
    const config = loadConfig({ ...PRODUCTION, ...REAL_PROVIDERS });
    expect(config.sandboxProviders).toEqual([]);
  });

  it('starts a public demo on the sandboxes with ALLOW_SANDBOX_PROVIDERS=true, and says which', () => {
    const config = loadConfig({ ...PRODUCTION, ALLOW_SANDBOX_PROVIDERS: 'true' });
    expect(config.sandboxProviders).toEqual([
      'IDENTITY_PROVIDER',
      'BANK_LINK_PROVIDER',
      'RAILS_PROVIDER',
      'CARD_VAULT_PROVIDER',
      'CARD_PROCESSOR',
      'BOT_CHECK_PROVIDER',
      'ACCOUNTING_PROVIDER',
    ]);
  });

  it('keeps the sandboxes as the default outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxProviders).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).IDENTITY_PROVIDER).toBe('sandbox');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, in every environment', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ...REAL_PROVIDERS }).TRUST_PROXY).toBe(false);
  });

  it('reads a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('refuses anything else, "true" (trust every hop) included', () => {
    expect(errorOf({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY: "true" is not a hop count');
    expect(errorOf({ TRUST_PROXY: '10.0.0.1,proxy.example' })).toContain('"proxy.example"');
  });
});
