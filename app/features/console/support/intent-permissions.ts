import type { Permission } from '#app/features/console/operators/permissions'

/** The permission each action intent of /admin/members/:id needs (issue 13, section 3). */
export const intentPermissions = {
  'resend-activation': 'members.support',
  'lift-lockout': 'members.support',
  'logout-everywhere': 'members.support',
  'adjust-credits': 'credits.adjust',
  refund: 'payments.refund',
  erase: 'members.erase',
} as const satisfies Record<string, Permission>
