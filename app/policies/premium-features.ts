/**
 * Which chat functions are Premium (spec section 6; docs/decisions/012-paid-chat-and-premium-features.md). A
 * free member sees them locked with 'This feature is only available for premium members'. Premium is for good
 * (paid_user), so a Premium member keeps these at 0 credits; what a function costs is the chat feature's business.
 */
export const premiumChatFeatures = ['chat_photos', 'read_receipts'] as const
export type PremiumChatFeature = (typeof premiumChatFeatures)[number]

export function canUseChatFeature(member: { paidUser: boolean }, _feature: PremiumChatFeature): boolean {
  return member.paidUser
}
