import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'

// Exit code of a worker whose configuration is invalid (sysexits EX_CONFIG): restarting it cannot help, so the
// supervisor (server/supervisor.js) stops instead of trying again.
export const EXIT_CONFIG = 78

/**
 * Last line of defence. Every socket, stream, emitter and promise the server creates handles its own errors; one
 * that still escapes means the process is in a state nobody planned for. It is logged and the process ends on
 * purpose, and the supervisor starts a fresh one (decision record 009).
 */
export function installCrashHandlers(): void {
  const die = (kind: string) => (err: unknown) => {
    try {
      // The stack without its first line, which repeats the message (and whatever data it quotes).
      const frames = err instanceof Error ? err.stack?.split('\n').slice(1).join('\n') : undefined
      logger.fatal({ err: errorText(err), stack: frames, kind }, 'unexpected error: exiting')
      logger.flush?.()
    } finally {
      process.exit(1)
    }
  }
  process.on('uncaughtException', die('uncaughtException'))
  process.on('unhandledRejection', die('unhandledRejection'))
}
