import { fictionalConsoleRoutes } from '#app/features/fictional/console-routes'
import { supportConsoleRoutes } from '#app/features/support/console-routes'
import { moderationConsoleRoutes } from '#app/features/moderation/console-routes'
import { runConsoleRoutes } from '#app/features/console-admin/console-routes'
import type { Permission } from './permissions'

export interface ConsoleRoute {
  path: string
  method: 'GET' | 'POST'
  permission: Permission
  /** The action's `intent` field, for routes whose actions differ by intent. */
  intent?: string
}

/** The console's own pages (sign-in steps excluded: they are open by design). */
const operatorConsoleRoutes: ConsoleRoute[] = [
  { path: '/admin/audit', method: 'GET', permission: 'audit.view' },
  { path: '/admin/operators', method: 'GET', permission: 'operators.manage' },
  { path: '/admin/operators', method: 'POST', permission: 'operators.manage' },
]

/**
 * Every console page and action with the permission it needs: the authorization matrix
 * (tests/e2e/console-authorization.spec.ts) checks each against each role, visitors and members.
 */
export const consoleRoutes: ConsoleRoute[] = [...operatorConsoleRoutes, ...fictionalConsoleRoutes, ...supportConsoleRoutes, ...moderationConsoleRoutes,
  // Routes with parameters carry a concrete sample path.
  ...runConsoleRoutes.map(({ path, sample, method, permission }) => ({ path: sample ?? path, method, permission })),
]
