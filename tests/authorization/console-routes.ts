import type { Permission } from '#app/features/console/operators/permissions'

export interface ConsoleRoute {
  path: string
  method: 'GET' | 'POST'
  permission: Permission
  /** The action's `intent` field, for routes whose actions differ by intent. */
  intent?: string
}

// The console's pages and actions with the permission each needs, by section of the console wing
// (app/features/console/). Sign-in steps are left out: they are open by design. Routes with parameters carry a
// concrete sample path. Only the tests read this list; server/route-inventory.test.ts checks that it names every
// console route of app/routes.ts, so a new page cannot be left out of the matrix.

/** Operators and the audit log. */
export const operatorConsoleRoutes: ConsoleRoute[] = [
  { path: '/admin/audit', method: 'GET', permission: 'audit.view' },
  { path: '/admin/operators', method: 'GET', permission: 'operators.manage' },
  { path: '/admin/operators', method: 'POST', permission: 'operators.manage' },
]

/** Fictional profiles. */
export const fictionalConsoleRoutes: ConsoleRoute[] = [
  { path: '/admin/fictional', method: 'GET', permission: 'fictional.manage' },
  { path: '/admin/fictional/new', method: 'GET', permission: 'fictional.manage' },
  { path: '/admin/fictional/new', method: 'POST', permission: 'fictional.manage' },
  { path: '/admin/fictional/:id', method: 'GET', permission: 'fictional.manage' },
  { path: '/admin/fictional/:id', method: 'POST', permission: 'fictional.manage' },
]

/** Support (issue 13, section 3). POSTs to /admin/members/:id carry an `intent`; each intent has its own permission. */
export const supportConsoleRoutes: ConsoleRoute[] = [
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

/** Support's queue of members' refund requests (issue 28). */
export const refundQueueConsoleRoutes: ConsoleRoute[] = [
  { path: '/admin/refunds', method: 'GET', permission: 'payments.refund' },
  { path: '/admin/refunds', method: 'POST', intent: 'refund', permission: 'payments.refund' },
  { path: '/admin/refunds', method: 'POST', intent: 'decline', permission: 'payments.refund' },
]

/**
 * Moderation. The case pages take a kind (report, complaint, appeal) and an id; /admin/media serves photo files to
 * operators with photos.moderate or reports.handle (the same roles).
 */
export const moderationConsoleRoutes: ConsoleRoute[] = [
  { path: '/admin/photos', method: 'GET', permission: 'photos.moderate' },
  { path: '/admin/photos', method: 'POST', permission: 'photos.moderate' },
  { path: '/admin/reports', method: 'GET', permission: 'reports.handle' },
  { path: '/admin/reports/report/1', method: 'GET', permission: 'reports.handle' },
  { path: '/admin/reports/report/1', method: 'POST', permission: 'reports.handle' },
  { path: '/admin/reports/complaint/1', method: 'GET', permission: 'reports.handle' },
  { path: '/admin/reports/complaint/1', method: 'POST', permission: 'reports.handle' },
  { path: '/admin/reports/appeal/1', method: 'GET', permission: 'reports.handle' },
  { path: '/admin/reports/appeal/1', method: 'POST', permission: 'reports.handle' },
  { path: '/admin/media/1/thumb', method: 'GET', permission: 'photos.moderate' },
]

/** Running the site (issue 13, section 4). */
const siteAdminConsoleRoutes: (ConsoleRoute & { sample?: string })[] = [
  { path: '/admin', method: 'GET', permission: 'dashboard.view' },
  { path: '/admin/settings', method: 'GET', permission: 'settings.edit' },
  { path: '/admin/settings', method: 'POST', permission: 'settings.edit' },
  { path: '/admin/discounts', method: 'GET', permission: 'discounts.manage' },
  { path: '/admin/discounts', method: 'POST', permission: 'discounts.manage' },
  { path: '/admin/discounts/:id', sample: '/admin/discounts/1', method: 'GET', permission: 'discounts.manage' },
  { path: '/admin/discounts/:id', sample: '/admin/discounts/1', method: 'POST', permission: 'discounts.manage' },
  { path: '/admin/content', method: 'GET', permission: 'content.edit' },
  { path: '/admin/content/:token/:locale', sample: '/admin/content/terms/en', method: 'GET', permission: 'content.edit' },
  { path: '/admin/content/:token/:locale', sample: '/admin/content/terms/en', method: 'POST', permission: 'content.edit' },
  { path: '/admin/company', method: 'GET', permission: 'content.edit' },
  { path: '/admin/company', method: 'POST', permission: 'content.edit' },
  { path: '/admin/jobs', method: 'GET', permission: 'jobs.manage' },
  { path: '/admin/jobs', method: 'POST', permission: 'jobs.manage' },
]

/**
 * Every console page and action with the permission it needs: the authorization matrix
 * (tests/e2e/console-authorization.spec.ts, server/authorization-matrix.test.ts) checks each against each role,
 * visitors and members: a role with the permission gets the page (200) or the action, any other role 403, a visitor
 * or member a redirect to /admin/login.
 */
export const consoleRoutes: ConsoleRoute[] = [
  ...operatorConsoleRoutes,
  ...fictionalConsoleRoutes,
  ...supportConsoleRoutes,
  ...refundQueueConsoleRoutes,
  ...moderationConsoleRoutes,
  ...siteAdminConsoleRoutes.map(({ path, sample, method, permission }) => ({ path: sample ?? path, method, permission })),
]
