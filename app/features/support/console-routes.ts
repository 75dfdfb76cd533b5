import type { Permission } from '#app/features/operators/permissions'

/**
 * The support section's console routes and the permission each needs (issue 13, section 3), for the global
 * authorization matrix. POSTs to /admin/members/:id carry an `intent`; each intent has its own permission.
 */
export const supportConsoleRoutes: { path: string; method: 'GET' | 'POST'; permission: Permission; intent?: string }[] = [
  { path: '/admin/members', method: 'GET', permission: 'members.view' },
  { path: '/admin/members/:id', method: 'GET', permission: 'members.view' },
  { path: '/admin/members/:id', method: 'POST', intent: 'resend-activation', permission: 'members.support' },
  { path: '/admin/members/:id', method: 'POST', intent: 'lift-lockout', permission: 'members.support' },
  { path: '/admin/members/:id', method: 'POST', intent: 'logout-everywhere', permission: 'members.support' },
  { path: '/admin/members/:id', method: 'POST', intent: 'adjust-credits', permission: 'credits.adjust' },
  { path: '/admin/members/:id', method: 'POST', intent: 'refund', permission: 'payments.refund' },
  { path: '/admin/members/:id', method: 'POST', intent: 'erase', permission: 'members.erase' },
  { path: '/admin/members/:id/export', method: 'POST', permission: 'members.export' },
]

/** The permission each action intent of /admin/members/:id needs. */
export const intentPermissions = {
  'resend-activation': 'members.support',
  'lift-lockout': 'members.support',
  'logout-everywhere': 'members.support',
  'adjust-credits': 'credits.adjust',
  refund: 'payments.refund',
  erase: 'members.erase',
} as const satisfies Record<string, Permission>
