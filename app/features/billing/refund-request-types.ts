import type { RefundRequestStatus } from '#db/schema/billing'

/** What the receipt shows of a payment's refund request (app/features/billing/refund-requests.server.ts). */
export interface RefundRequestView {
  status: RefundRequestStatus
  createdAt: string
  decidedAt: string | null
  answer: string | null
}
