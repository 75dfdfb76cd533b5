import { defaultBillingCountries, defaultBundlePrices, defaultCreditBundles, defaultPaymentMethodFees } from './billing-defaults'
import { defaultFictionalIcon } from './fictional-icon'

/** Countries the product serves: those of the eleven locales (spec section 9, locale visibility by country). */
export const serviceCountries = ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'PL', 'DK', 'FI', 'NO', 'SE'] as const

/** Global product settings of spec section 3 with their defaults; rows in the settings table override them. */
export const defaultSettings = {
  name: 'Amoura',
  domain: 'localhost',
  domain_language: 'en-GB',
  index_title: 'Amoura – casual dating and chat',
  description: 'Meet singles near you, like profiles, match and chat.',
  niche: 1,
  signups: 'all' as 'all' | 'with_trafficsource' | 'invite_only',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  enable_site_entry_popup: 'yes',
  // The entry warning's optional country list (spec section 2); empty shows it to visitors from everywhere.
  site_entry_popup_countries: [] as string[],
  // Spec section 2: a US footer shows for English when this flag is set.
  us_footer: false,
  geoip_country: null as string | null,
  geoip_selected_country: null as string | null,
  push_public_key: '',
  minimum_message_costs: {} as Record<string, { costs: number; currency: string }>,
  // Empty: the company's support phone (company_info) is shown; a number here is shown instead, wherever a support
  // phone appears (content pages, e-mails, /api/companyinfo.php).
  support_phone: null as string | null,
  support_email: 'support@localhost',
  cdn_prefix: '/media',
  // Null means the translated default disclosure of the catalogs; a string set by the operator is shown as is.
  fictional_icon: defaultFictionalIcon as string,
  fictional_warning: null as string | null,
  fictional_singular: null as string | null,
  fictional_plural: null as string | null,
  locale_domains: {} as Record<string, string>,
  countries: [...serviceCountries] as string[],
  visible_profile_fields: [
    'gender',
    'sexuality',
    'age',
    'location',
    'hair_color',
    'eye_color',
    'body_type',
    'relationship_status',
    'tattoos',
    'about_me',
    'interests',
  ],
  visible_profile_notes: false,
  // Spec sections 5 and 9: conversations a free member may start.
  free_conversations: 2,
  // Matching (app/features/matching): the swipe game's likes per day (spec section 9), and how long a skipped
  // profile is not proposed again.
  swipe_likes_per_day: 4,
  swipe_skip_days: 30,
  // Messages a free member may send without credits (spec section 5, "some free messages"); text only.
  free_messages: 3,
  // A conversation shows at most this many of its newest messages; older ones stay hidden (spec section 9).
  chat_history_limit: 500,
  message_credits: 10,
  photo_credits: 10,
  gift_credits: 20,
  signup_credits: 0,
  message_length: 1000,
  refund_days: 14,
  minimum_age: 18,
  search_fields: ['gender', 'country', 'countryregion', 'age'],
  member_resell: false,
  company_id: 1,
  mail_name: 'Amoura',
  results_per_page: 24,
  // Photos: new uploads wait for moderation when true; limits of spec section 5.
  photo_moderation: false,
  max_photos_free: 3,
  max_photos_premium: 25,
  // Below this many results the search adds similar profiles (wider ages, any region).
  similar_results_threshold: 6,
  // Login lockout (spec section 4): failures within the window before a block of login_block_minutes.
  login_max_failures: 5,
  login_ip_max_failures: 20,
  login_block_minutes: 15,
  // E-mails a member may request per day.
  max_reset_emails_per_day: 3,
  max_activation_emails_per_day: 5,
  // Requests per IP address on the account endpoints.
  rate_limits: { login_ip_per_15min: 30, signup_ip_per_hour: 10, reset_ip_per_hour: 10, resend_ip_per_hour: 10 },
  // Writes per member (per address where visitors write), far above what a person does and low enough to stop a
  // script: app/features/settings/write-limits.server.ts, docs/security.md "Rate limits". A stored value may name
  // only some of them: the others keep these defaults.
  write_limits: {
    messages_per_minute: 30,
    likes_per_minute: 120,
    blocks_per_hour: 30,
    reports_per_hour: 10,
    uploads_per_hour: 20,
    discount_codes_per_hour: 10,
    payments_per_hour: 10,
    profile_edits_per_hour: 60,
    account_changes_per_hour: 60,
    complaints_ip_per_hour: 5,
  },
  // Notification e-mails (app/features/notifications): wait this long before mailing about a message or a like,
  // so a member who reads it meanwhile gets none; then at most one per conversation, or for likes, per window.
  notification_email_delay_minutes: 5,
  new_messages_email_hours: 3,
  like_email_hours: 6,
  // Unread messages older than this bring a reminder, at most one per this many hours.
  unread_reminder_hours: 24,
  // Members without a photo this many days after signup get one reminder (and again a week later at most).
  photo_reminder_days: 2,
  weekly_update_profiles: 6,
  // A member seen (page or open socket) within this many seconds is online: no e-mails then.
  online_window_seconds: 120,
  // The credit economy (app/features/billing): bundles, their prices per country, VAT, method fees.
  credit_bundles: defaultCreditBundles,
  bundle_prices: defaultBundlePrices,
  billing_countries: defaultBillingCountries,
  payment_method_fees: defaultPaymentMethodFees,
  // Methods switched off by the operator, whatever the country.
  disabled_payment_methods: [] as string[],
  // The welcome discount (spec section 9, code WELCOME25): on the first purchase, this many hours after signup.
  welcome_discount_hours: 72,
  // Time bonus (spec section 4, code TIMEBONUS25): for unpaid members within this many seconds of signup.
  time_bonus_seconds: 14400,
  // Direct debit: at most this much (minor units of the member's currency) within this many days, per member.
  direct_debit_limit_minor: 10000,
  direct_debit_limit_days: 30,
  direct_debit_code_attempts: 5,
  // A member's session unused for this many days ends (checked on every session read; sessions end after 30 days
  // in any case): app/features/authentication/sessions.server.ts.
  session_idle_days: 14,
}

export type Settings = typeof defaultSettings
export type SettingKey = keyof Settings

/** Settings that may be shown to anyone (GET /api/settings.php); everything in Settings is public today. */
export const publicSettingKeys = Object.keys(defaultSettings) as SettingKey[]
