import type { Viewer } from './viewer.server'

/** The user object of GET /api/user.php (spec section 3: User and Profile fields); never other members' data. */
export function userJson(v: Viewer, cdnPrefix: string) {
  return {
    id: v.userId,
    email: v.email,
    status: v.status,
    credits: v.credits,
    paid_user: v.paidUser,
    signup_date: v.signupDate,
    language: v.language,
    notifications_disabled: v.notificationsDisabled,
    profile: {
      id: v.profileId,
      name: v.name,
      country: v.country,
      gender: v.gender,
      sexuality: v.sexuality,
      main_image: v.thumb ? { thumb_filename: `${cdnPrefix}/${v.thumb}` } : null,
    },
  }
}
