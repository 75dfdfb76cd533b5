import { data } from 'react-router'
import { shownDiscount } from '#app/features/billing/shown-discount.server'
import { memberBilling } from '#app/features/billing/member-billing.server'
import { discountView } from '#app/features/billing/offers.server'
import { loadChatPage, type ChatTarget } from '#app/features/chat/chat-page.server'
import { submitMessage } from '#app/features/chat/submit-message.server'
import { submitMessageReport } from '#app/features/safety/report.server'
import type { Viewer } from '#app/features/authentication/viewer.server'
import { retryAfterHeader } from '#app/lib/http.server'
import { tooOftenReply } from './write-limit.server'

/** The chat screen's data for both of its addresses (/chats/{id} and /members/{id}/chat). */
export async function chatLoaderData(viewer: Viewer, target: ChatTarget, url: URL) {
  const page = await loadChatPage(viewer.profileId, target)
  if (page.kind === 'not_found') throw data(null, { status: 404 })
  if (page.kind === 'blocked') return { page, discount: null, openGifts: false }
  // The credit wall offers the discount that applies now (welcome, time bonus, a personal code).
  const member = page.pricing.credits < page.pricing.textAfterFree ? await memberBilling(viewer.userId) : null
  const discount = member ? await shownDiscount(member) : null
  return { page, discount: discount ? discountView(discount) : null, openGifts: url.searchParams.get('gift') === '1' }
}

/** Its form posts: a message or a gift (the no-JavaScript and no-socket way), or a report of a received message. */
export async function chatAction(viewer: Viewer, partnerId: number, form: FormData) {
  if (form.get('intent') === 'report') {
    // The report takes its own write token in the feature, before it is checked or stored.
    const r = await submitMessageReport(viewer.profileId, { messageId: form.get('messageId'), reason: form.get('reason') ?? undefined })
    if (r.ok) return { ok: true as const, reported: r.messageId }
    if (r.error === 'too_often') return tooOftenReply(r.retryAfter, { ok: false as const })
    return data({ ok: false as const, error: 'chat.errorInvalid' }, { status: r.error === 'invalid' ? 400 : 404 })
  }
  const gift = form.get('intent') === 'gift' ? form.get('gift') : undefined
  const r = await submitMessage(viewer.profileId, { toProfileId: partnerId, clientId: form.get('clientId'), body: form.get('body'), gift })
  return r.ok ? r : data(r, { status: r.status, headers: r.retryAfter ? retryAfterHeader(r.retryAfter) : undefined })
}
