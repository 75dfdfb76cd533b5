import { desc, lt } from 'drizzle-orm'
import { db } from '#db/client.server'
import { auditLog } from '#db/schema/index'

type Executor = Pick<ReturnType<typeof db>, 'insert'>

export interface AuditEntry {
  operator: { id: number; name: string } | null
  action: string
  target?: { type: string; id: string | number }
  reason?: string | null
  details?: Record<string, unknown>
}

/**
 * Writes one line of the audit log (who, what, on whom, why, when). Pass the action's transaction so the line
 * exists exactly when the action happened. `details` must hold no personal data beyond ids (no e-mail, no text).
 */
export async function recordAudit(entry: AuditEntry, executor: Executor = db()): Promise<void> {
  await executor.insert(auditLog).values({
    operatorId: entry.operator?.id ?? null,
    operatorName: entry.operator?.name ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  })
}

export type AuditRow = typeof auditLog.$inferSelect

/** The newest lines first, `limit` at a time, before the id `before` (keyset paging). */
export async function listAudit(opts: { before?: number; limit?: number } = {}): Promise<AuditRow[]> {
  const limit = Math.min(opts.limit ?? 50, 200)
  return db()
    .select()
    .from(auditLog)
    .where(opts.before ? lt(auditLog.id, opts.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit)
}
