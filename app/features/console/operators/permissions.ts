import { operatorRoles, type OperatorRole } from '#db/schema/operators'

export { operatorRoles, type OperatorRole }

/**
 * What each console role may do (issue 13). Admins may do everything; moderators judge content; support helps
 * members with their accounts and money. Every console loader and action checks one of these.
 */
export const permissions = {
  'dashboard.view': ['moderator', 'support', 'admin'],
  // Purchases and revenue on the dashboard.
  'dashboard.revenue': ['admin'],
  // The readiness report (what the configuration lacks for production) on the dashboard.
  'dashboard.readiness': ['admin'],
  'photos.moderate': ['moderator', 'admin'],
  'reports.handle': ['moderator', 'admin'],
  'fictional.manage': ['admin'],
  'members.view': ['moderator', 'support', 'admin'],
  'members.support': ['support', 'admin'],
  'credits.adjust': ['support', 'admin'],
  'payments.refund': ['support', 'admin'],
  'members.export': ['support', 'admin'],
  'members.erase': ['support', 'admin'],
  'settings.edit': ['admin'],
  'discounts.manage': ['admin'],
  'content.edit': ['admin'],
  'jobs.manage': ['admin'],
  'audit.view': ['admin'],
  'operators.manage': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>

export type Permission = keyof typeof permissions

export function can(role: OperatorRole, permission: Permission): boolean {
  return (permissions[permission] as readonly OperatorRole[]).includes(role)
}
