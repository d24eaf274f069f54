/**
 * Bot-check tokens for sensitive calls (spec 000 §7, §8, §9): sign-in, code send and verify, invitation
 * lookup, registration, set-password and phone existence.
 *
 * The deployment says which provider it runs (`GET /api/client-config`). The sandbox needs no script and
 * answers a fixed token the sandbox server accepts. reCAPTCHA v3 loads Google's script with the site key
 * and asks for a token with the action `importantAction`, giving up after 10 s with the spec's message.
 */
import { type ClientConfig, MESSAGES } from '@ferry/domain';
import { api } from './api-client';

export const BOT_CHECK_TIMEOUT_MS = 10_000;
export const SANDBOX_BOT_CHECK_TOKEN = 'sandbox-browser-token';

export const BOT_CHECK_MESSAGES = {
  timeout: MESSAGES.recaptchaTimeout,
  notLoaded: 'The security check could not load. Please refresh the page and try again.',
  emptyToken: 'The security check did not complete. Please try again.',
  scriptFailed: 'The security check could not be loaded. Check your connection and try again.',
} as const;

export type { ClientConfig };

let configPromise: Promise<ClientConfig> | null = null;

/** The deployment's public settings, fetched once per page load. */
export const getClientConfig = (): Promise<ClientConfig> => {
  configPromise ??= api
    .get('/client-config', { schema: () => import('./response-schemas').then((m) => m.clientConfigSchema) })
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
};

export class BotCheckError extends Error {}

type Grecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

let scriptPromise: Promise<Grecaptcha> | null = null;

const loadRecaptcha = (siteKey: string): Promise<Grecaptcha> => {
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) resolve(grecaptcha);
      else reject(new BotCheckError(BOT_CHECK_MESSAGES.notLoaded));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new BotCheckError(BOT_CHECK_MESSAGES.scriptFailed));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
};

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BotCheckError(BOT_CHECK_MESSAGES.timeout)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** A fresh bot-check token; throws a `BotCheckError` carrying the message to show. */
export const getBotCheckToken = async (): Promise<string> => {
  const config = await getClientConfig();
  if (config.botCheck.provider === 'sandbox') return SANDBOX_BOT_CHECK_TOKEN;
  const { siteKey, action } = config.botCheck;
  if (!siteKey) throw new BotCheckError(BOT_CHECK_MESSAGES.notLoaded);
  const token = await withTimeout(
    loadRecaptcha(siteKey).then(
      (grecaptcha) =>
        new Promise<string>((resolve, reject) => {
          grecaptcha.ready(() => {
            grecaptcha.execute(siteKey, { action }).then(resolve, reject);
          });
        }),
    ),
    BOT_CHECK_TIMEOUT_MS,
  );
  if (!token) throw new BotCheckError(BOT_CHECK_MESSAGES.emptyToken);
  return token;
};

/** For tests. */
export const resetBotCheck = (): void => {
  configPromise = null;
  scriptPromise = null;
};
