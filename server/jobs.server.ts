import { registerSandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { registerBilling } from '#app/features/billing/billing-jobs.server'
import { purgeExpiredDeletions } from '#app/features/accounts/deletion.server'
import { destroyExpiredSessions } from '#app/features/authentication/sessions.server'
import { pruneNotificationLog } from '#app/features/notifications/notification-log.server'
import { registerModeration } from '#app/features/console/moderation/moderation-jobs.server'
import { registerNotifications } from '#app/features/notifications/reactions.server'
import { mediaStore } from '#app/adapters/storage/index.server'
import { JobRunner } from '#app/lib/jobs/job-runner.server'
import { logger } from '#app/lib/logger.server'
import { pruneDispatchedEvents } from '#db/events.server'

const HOUR = 3600_000

/**
 * The process's job runner with every reaction and job of the product registered: notifications, and the
 * hourly housekeeping (erase accounts past their reactivation window, expired sessions, old events and logs,
 * temporary upload files).
 */
export function createJobRunner(): JobRunner {
  const runner = new JobRunner()
  registerNotifications(runner)
  registerBilling(runner)
  registerModeration(runner)
  registerSandboxProvider(runner)
  runner
    .defineJob('housekeeping', async () => {
      const erased = await purgeExpiredDeletions()
      await destroyExpiredSessions()
      await pruneDispatchedEvents()
      await pruneNotificationLog()
      // Half-written upload files of a process that died mid-write (app/adapters/storage/media-store.ts).
      await mediaStore().clearLeftovers()
      if (erased) logger.info({ erased }, 'erased accounts past the reactivation window')
    })
    .every('housekeeping', HOUR)
  return runner
}
