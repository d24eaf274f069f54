import pino, { type Logger } from 'pino';

/** Request URLs without their query string: links carry one-time tokens (password reset, invitations). */
function requestSerializer(request: { method?: string; url?: string; id?: unknown }) {
  const serialized: Record<string, unknown> = {
    ...pino.stdSerializers.req(request as Parameters<typeof pino.stdSerializers.req>[0]),
  };
  // The parsed query would repeat what the URL lost.
  delete serialized.query;
  return { ...serialized, url: typeof request.url === 'string' ? request.url.split('?')[0] : request.url };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { req: requestSerializer },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["session-id"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
