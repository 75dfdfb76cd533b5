import pino from 'pino'

// JSON logs without personal data: log ids and outcomes, never e-mail addresses, names, messages or locations.
const options = {
  redact: { paths: ['email', 'password', 'body', '*.email', '*.password', '*.body', 'req.headers.cookie'], remove: true },
}

/** A logger with the product's redaction; a destination for tests that read what is written. */
export function createLogger(destination?: pino.DestinationStream, level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info')) {
  return pino({ ...options, level }, destination)
}

export const logger = createLogger()
