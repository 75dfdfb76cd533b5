import { asc, eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { loginFailures, operatorRecoveryCodes, operators, operatorSessions, type OperatorRole } from '#db/schema/index'
import { accountKeysLike } from '#app/features/authentication/login-lockout.server'
import { recordAudit } from './audit.server'
import type { OperatorIdentity } from './operator-accounts.server'

export interface OperatorListRow {
  id: number
  name: string
  email: string
  role: OperatorRole
  enrolled: boolean
  disabled: boolean
  lockedUntil: string | null
}

export async function listOperators(): Promise<OperatorListRow[]> {
  const rows = await db().select().from(operators).orderBy(asc(operators.id))
  return rows.map((o) => ({
    id: o.id,
    name: o.name,
    email: o.email,
    role: o.role,
    enrolled: !!o.totpEnabledAt,
    disabled: !!o.disabledAt,
    lockedUntil: o.lockedUntil && o.lockedUntil.getTime() > Date.now() ? o.lockedUntil.toISOString() : null,
  }))
}

export type OperatorChange = 'disable' | 'enable' | 'reset_second_factor' | 'unlock'

/**
 * An admin's change to another operator (never to themselves: nobody disables or unlocks their own account).
 * Disabling and resetting the second factor end the operator's sessions; a reset makes them enrol again.
 */
export async function changeOperator(targetId: number, change: OperatorChange, reason: string, by: OperatorIdentity): Promise<'ok' | 'self' | 'not_found'> {
  if (targetId === by.id) return 'self'
  return db().transaction(async (tx) => {
    const set =
      change === 'disable'
        ? { disabledAt: sql`now()` }
        : change === 'enable'
          ? { disabledAt: null }
          : change === 'unlock'
            ? { lockedUntil: null, failedAttempts: 0 }
            : { totpSecret: null, totpEnabledAt: null, totpLastStep: null }
    const [row] = await tx.update(operators).set(set).where(eq(operators.id, targetId)).returning({ id: operators.id })
    if (!row) return 'not_found'
    if (change === 'disable' || change === 'reset_second_factor') await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, targetId))
    if (change === 'reset_second_factor') await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, targetId))
    // The locks at each of the operator's own addresses go too (decision record 028).
    if (change === 'unlock') await tx.delete(loginFailures).where(accountKeysLike(`operator:${targetId}`))
    await recordAudit({ operator: by, action: `operator.${change}`, target: { type: 'operator', id: targetId }, reason }, tx)
    return 'ok'
  })
}
