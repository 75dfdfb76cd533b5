import type { Permission } from '#app/features/operators/permissions'

/**
 * The moderation pages of the console and the permission each needs (for the authorization matrix). The
 * case pages take a kind (report, complaint, appeal) and an id; /admin/media serves photo files to operators with
 * photos.moderate or reports.handle (the same roles).
 */
export const moderationConsoleRoutes: { path: string; method: 'GET' | 'POST'; permission: Permission }[] = [
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
