import { MESSAGES } from '@ferry/domain/catalogues';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { AppError } from './http/errors.js';

/** The bot-check action label the browser uses for sensitive calls (access spec §9). */
export const BOT_CHECK_ACTION = 'importantAction';

/** Refuses a sensitive call whose bot-check token does not verify. */
export async function assertBotCheck(
  context: Pick<AppContext, 'providers'>,
  request: Pick<FastifyRequest, 'ip' | 'log'>,
  token: string | undefined,
): Promise<void> {
  const result = await context.providers.botCheck.verify({
    token: token ?? '',
    action: BOT_CHECK_ACTION,
    remoteIp: request.ip,
  });
  if (!result.ok) {
    request.log.warn({ reason: result.reason }, 'bot check failed');
    throw new AppError('BOT_CHECK_FAILED', MESSAGES.invalidRecaptchaToken, {
      errors: [{ field: 'recaptchaToken', message: MESSAGES.invalidRecaptchaToken }],
    });
  }
}
