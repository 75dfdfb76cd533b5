import pino from 'pino'

// JSON logs without personal data: log ids and outcomes, never e-mail addresses, names, messages or locations.
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  redact: { paths: ['email', 'password', 'body', '*.email', '*.password', '*.body', 'req.headers.cookie'], remove: true },
})
