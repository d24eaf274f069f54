import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["session-id"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}
