import type { Permission } from '#app/features/operators/permissions'

/**
 * The console routes of "Running the site" (issue 13, section 4) with the permission each needs, for the global
 * authorization matrix: a role with the permission gets the page (200) or the action, any other role 403, a
 * visitor or member a redirect to /admin/login. `sample` is a concrete path for routes with parameters.
 */
export const runConsoleRoutes: { path: string; sample?: string; method: 'GET' | 'POST'; permission: Permission }[] = [
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
