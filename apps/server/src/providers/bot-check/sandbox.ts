import { type BotCheckProvider, SANDBOX_REJECT_TOKEN } from './bot-check.js';

/** Accepts every non-empty token except `sandbox-reject`. */
export function createSandboxBotCheck(): BotCheckProvider {
  return {
    name: 'sandbox',
    async verify({ token }) {
      if (!token) return { ok: false, reason: 'empty token' };
      if (token === SANDBOX_REJECT_TOKEN) return { ok: false, reason: 'sandbox rejects this token' };
      return { ok: true };
    },
  };
}
