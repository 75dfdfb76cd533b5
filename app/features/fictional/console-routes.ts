import type { Permission } from '#app/features/operators/permissions'

/** The fictional-profile pages of the console and the permission each needs (for the authorization matrix). */
export const fictionalConsoleRoutes: { path: string; method: 'GET' | 'POST'; permission: Permission }[] = [
  { path: '/admin/fictional', method: 'GET', permission: 'fictional.manage' },
  { path: '/admin/fictional/new', method: 'GET', permission: 'fictional.manage' },
  { path: '/admin/fictional/new', method: 'POST', permission: 'fictional.manage' },
  { path: '/admin/fictional/:id', method: 'GET', permission: 'fictional.manage' },
  { path: '/admin/fictional/:id', method: 'POST', permission: 'fictional.manage' },
]
