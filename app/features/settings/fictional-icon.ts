import type { IconName } from '#app/ui/icon-names'

/**
 * The fictional-profile icon by default, and in place of a stored name the site's icon sprite lacks. A module of its
 * own: the badge imports it on every member's page, and importing it from ./defaults brought all the settings'
 * defaults with it, billing tables included (1.5 KB of `/members`' scripts, issue 26).
 */
export const defaultFictionalIcon: IconName = 'person-badge'
