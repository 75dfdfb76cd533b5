/**
 * The one map from a refusal reason to its HTTP status (issue 25). Features return reasons (string unions) and no
 * HTTP; the routes (app/routes/…) and the JSON endpoints answer with `statusFor(vocabulary, reason)`.
 *
 * The reasons are grouped by the feature that gives them: the same word can mean different things in two places
 * (`blocked` is a login lockout, 429, for the login and a closed door, 403, for a profile), and a direct-debit
 * spend limit is a conflict (409) where the card checkout's is unprocessable (422), as the browser tests expect.
 */
export const refusalStatuses = {
  /** Any write refused for its rate (app/features/settings/write-limits.server.ts): 429 with Retry-After. */
  write: { too_often: 429 },
  /** app/features/authentication/login.server.ts (the login page and POST /api/user.php alike). */
  login: {
    rate_limited: 429,
    blocked: 429,
    pending_deletion: 403,
    suspended: 403,
    banned: 403,
    failed: 401,
    second_factor_required: 401,
    code_wrong: 401,
  },
  /** app/features/chat/submit-message.server.ts: catalog message ids, shared with the socket's error events. */
  chat: {
    'chat.errorEmpty': 400,
    'chat.errorTooLong': 400,
    'chat.errorInvalid': 400,
    'chat.errorBlocked': 403,
    'chat.errorUnavailable': 404,
    'chat.errorFictional': 403,
    'chat.errorNoCredits': 402,
    'chat.errorFreeConversations': 402,
    'chat.errorPremiumOnly': 403,
    'chat.errorPhoto': 422,
    'chat.errorRateLimited': 429,
  },
  /** An image the pipeline refused (app/features/photos/process-image.server.ts ImageRejectedError codes). */
  image: { too_large: 413, other: 422 },
  /** A refused card checkout (app/features/billing/checkout.server.ts CheckoutRefusal). */
  checkout: {
    discount: 422,
    discount_used: 409,
    spend_limit: 422,
    direct_debit_limit: 409,
    blocked: 403,
    provider_error: 502,
    direct_debit_off: 403,
    method_unavailable: 422,
    other: 422,
  },
  /** A refused direct debit (app/features/billing/direct-debit.server.ts DirectDebitRefusal). */
  directDebit: {
    blocked: 403,
    direct_debit_limit: 409,
    spend_limit: 409,
    method_unavailable: 409,
    direct_debit_off: 403,
    unknown_bundle: 404,
    discount: 409,
    provider_error: 502,
    too_many_codes: 429,
    resend_too_soon: 429,
    code_invalid: 400,
    code_expired: 410,
    too_many_attempts: 410,
    other: 400,
  },
  /** A member's appeal of a moderation decision (app/features/console/moderation/member-appeal.server.ts). */
  appeal: { invalid: 400, not_found: 404, not_appealable: 409 },
  /** A like or a block from a profile page (app/features/likes, app/features/safety). */
  profile: { blocked: 403, self: 400, not_found: 404, unconfirmed: 404, other: 404 },
  /** Support's actions on a member (app/features/console/support/support-actions.server.ts). */
  support: { not_found: 404, too_many: 429, too_late: 422, insufficient: 422, provider_error: 502, other: 409 },
  /** A moderation case's decision (app/features/console/moderation/decisions.server.ts). */
  moderationCase: { not_found: 404, closed: 409, not_member: 400, same_operator: 403, already_handled: 409 },
} as const

export type Vocabulary = keyof typeof refusalStatuses
export type RefusalOf<V extends Vocabulary> = keyof (typeof refusalStatuses)[V] & string

/** The HTTP status of a refusal; a reason the vocabulary does not list takes its `other`, else 400. */
export function statusFor<V extends Vocabulary>(vocabulary: V, reason: RefusalOf<V> | (string & {})): number {
  const map = refusalStatuses[vocabulary] as Record<string, number>
  return map[reason] ?? map.other ?? 400
}

/** Whether a string is a reason of the vocabulary. */
export function isRefusal<V extends Vocabulary>(vocabulary: V, v: unknown): v is RefusalOf<V> {
  return typeof v === 'string' && Object.hasOwn(refusalStatuses[vocabulary], v)
}

/** The login's refusals and the catalog id each shows (the login page, POST /api/user.php). */
export const loginRefusalMessages: Record<RefusalOf<'login'>, string> = {
  rate_limited: 'login.tooManyRequests',
  blocked: 'login.blocked',
  pending_deletion: 'login.pendingDeletion',
  suspended: 'login.suspended',
  banned: 'login.banned',
  failed: 'login.failed',
  second_factor_required: 'login.codeRequired',
  code_wrong: 'login.codeWrong',
}
