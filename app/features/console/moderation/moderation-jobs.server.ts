import type { JobRunner } from '#app/lib/jobs/job-runner.server'
import { liftExpiredRestriction } from './decisions.server'

/** A suspension ends by itself: the job scheduled with it lists the profile again (the login refuses no longer). */
export function registerModeration(runner: JobRunner): void {
  runner.defineJob('moderation.lift-restriction', async (p) => void (await liftExpiredRestriction(p as { userId: number; decisionId: number })))
}
