import type { OperatorRole } from '#db/schema/operators'
import { can, type Permission } from './permissions'
import type { IconName } from '#app/ui/icon-names'

/** The console's sections, each shown to the roles that may open it. */
export const consoleSections: { to: string; labelId: string; icon: IconName; permission: Permission }[] = [
  { to: '/admin', labelId: 'admin.nav.dashboard', icon: 'speedometer2', permission: 'dashboard.view' },
  { to: '/admin/photos', labelId: 'admin.nav.photos', icon: 'images', permission: 'photos.moderate' },
  { to: '/admin/reports', labelId: 'admin.nav.reports', icon: 'flag', permission: 'reports.handle' },
  { to: '/admin/members', labelId: 'admin.nav.members', icon: 'people', permission: 'members.view' },
  { to: '/admin/refunds', labelId: 'admin.nav.refunds', icon: 'receipt', permission: 'payments.refund' },
  { to: '/admin/fictional', labelId: 'admin.nav.fictional', icon: 'person-badge', permission: 'fictional.manage' },
  { to: '/admin/operators', labelId: 'admin.nav.operators', icon: 'person-gear', permission: 'operators.manage' },
  { to: '/admin/settings', labelId: 'admin.nav.settings', icon: 'sliders', permission: 'settings.edit' },
  { to: '/admin/discounts', labelId: 'admin.nav.discounts', icon: 'percent', permission: 'discounts.manage' },
  { to: '/admin/content', labelId: 'admin.nav.content', icon: 'file-earmark-text', permission: 'content.edit' },
  { to: '/admin/jobs', labelId: 'admin.nav.jobs', icon: 'gear-wide-connected', permission: 'jobs.manage' },
  { to: '/admin/audit', labelId: 'admin.nav.audit', icon: 'journal-text', permission: 'audit.view' },
]

export function sectionsFor(role: OperatorRole) {
  return consoleSections.filter((s) => can(role, s.permission))
}
