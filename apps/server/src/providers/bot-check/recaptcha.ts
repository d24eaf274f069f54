import type { BotCheckProvider } from './bot-check.js';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

interface SiteVerifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

/**
 * reCAPTCHA v3: the vendor's siteverify endpoint. A token passes when it is valid, was made for the
 * expected action and scores at least `minScore`.
 */
export function createRecaptchaBotCheck(options: {
  secret: string;
  minScore?: number;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): BotCheckProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const minScore = options.minScore ?? 0.5;
  return {
    name: 'recaptcha',
    async verify({ token, action, remoteIp }) {
      if (!token) return { ok: false, reason: 'empty token' };
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      let answer: SiteVerifyAnswer;
      try {
        const response = await fetchImpl(RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!response.ok) return { ok: false, reason: `siteverify answered ${response.status}` };
        answer = (await response.json()) as SiteVerifyAnswer;
      } catch (error) {
        return { ok: false, reason: `siteverify unreachable: ${(error as Error).message}` };
      }
      if (!answer.success) return { ok: false, reason: (answer['error-codes'] ?? ['invalid']).join(',') };
      if (action && answer.action && answer.action !== action) {
        return { ok: false, reason: `action ${answer.action} instead of ${action}` };
      }
      if (typeof answer.score === 'number' && answer.score < minScore) {
        return { ok: false, reason: `score ${answer.score} below ${minScore}` };
      }
      return { ok: true };
    },
  };
}
