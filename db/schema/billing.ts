import { sql } from 'drizzle-orm'
import { boolean, char, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/** Our view of a payment; the provider's own record is fetched, never trusted from a webhook body. */
export const paymentStatuses = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/**
 * One purchase of a credit bundle. Amounts are integers in minor units of `currency` (never mixed); the price
 * includes VAT, the fee is added on top. Kept when the account is deleted (bookkeeping), without the link to it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bundleId: varchar('bundle_id', { length: 20 }).notNull(),
    credits: integer('credits').notNull(),
    country: char('country', { length: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    method: varchar('method', { length: 30 }).notNull(),
    listPriceMinor: integer('list_price_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    feeMinor: integer('fee_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    vatMinor: integer('vat_minor').notNull().default(0),
    vatRate: integer('vat_rate_permille').notNull().default(0),
    discountCodeId: integer('discount_code_id'),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 100 }),
    checkoutUrl: text('checkout_url'),
    status: varchar('status', { length: 20 }).$type<PaymentStatus>().notNull().default('open'),
    // Credits of this purchase are on the ledger (for direct debit: before the collection is confirmed).
    creditsBooked: boolean('credits_booked').notNull().default(false),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    chargedBackMinor: integer('charged_back_minor').notNull().default(0),
    collectionFailed: boolean('collection_failed').notNull().default(false),
    // Paid after its hold on the discount code was gone (another checkout took it, or the code ran out): booked at
    // what its money buys at the list price, `credits` lowered to match (issue 24, point 2).
    discountWithdrawn: boolean('discount_withdrawn').notNull().default(false),
    storedCard: boolean('stored_card').notNull().default(false),
    mandateId: integer('mandate_id'),
    failure: varchar('failure', { length: 40 }),
    // The checkout form's key: a double click or a resubmitted form finds the payment it already started.
    idempotencyKey: varchar('idempotency_key', { length: 80 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    // The console's dashboard: purchases and revenue per day.
    index('payments_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    uniqueIndex('payments_provider_id_key').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotency_key').on(t.userId, t.idempotencyKey),
    check('payments_amounts_not_negative', sql`${t.totalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.feeMinor} >= 0`),
  ],
)

export const discountKinds = ['standard', 'welcome', 'time_bonus', 'retention'] as const
export type DiscountKind = (typeof discountKinds)[number]

/** Discount codes of spec section 3. A code is found case-insensitively. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 20 }).$type<DiscountKind>().notNull().default('standard'),
    percentage: integer('percentage').notNull(),
    minimumOrderMinor: integer('minimum_order_minor'),
    currency: char('currency', { length: 3 }),
    country: char('country', { length: 2 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: varchar('status', { length: 20 }).$type<'active' | 'disabled'>().notNull().default('active'),
    // Single use: one redemption in all; otherwise once per member.
    singleUse: boolean('single_use').notNull().default(false),
    paymentMethods: text('payment_methods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // At most this many redemptions (reserved or used) in all; null for no limit (operator console, issue 13).
    usageLimit: integer('usage_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(sql`upper(${t.code})`),
    check('discount_codes_percentage', sql`${t.percentage} between 1 and 100`),
    check('discount_codes_usage_limit', sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
  ],
)

/**
 * A code held by a checkout (reserved), spent by its paid payment (used), or given back when the payment failed
 * (released). The partial unique indexes make "used once" hold under concurrent checkouts.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    singleUse: boolean('single_use').notNull(),
    status: varchar('status', { length: 20 }).$type<'reserved' | 'used' | 'released'>().notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_key').on(t.paymentId),
    uniqueIndex('discount_redemptions_single_use_key')
      .on(t.codeId)
      .where(sql`${t.singleUse} and ${t.status} <> 'released'`),
    uniqueIndex('discount_redemptions_member_key')
      .on(t.codeId, t.userId)
      .where(sql`${t.status} <> 'released'`),
  ],
)

/** A SEPA direct debit mandate: pending until the SMS code is entered; the IBAN itself leaves with the provider. */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountHolder: varchar('account_holder', { length: 100 }).notNull(),
    // Kept only until the mandate is confirmed and created at the provider.
    ibanPending: varchar('iban_pending', { length: 34 }),
    ibanLast4: varchar('iban_last4', { length: 4 }).notNull(),
    ibanHash: varchar('iban_hash', { length: 64 }).notNull(),
    street: varchar('street', { length: 100 }).notNull(),
    houseNumber: varchar('house_number', { length: 20 }).notNull(),
    zip: varchar('zip', { length: 12 }).notNull(),
    city: varchar('city', { length: 80 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    phoneHash: varchar('phone_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 20 }).$type<'pending_code' | 'active' | 'revoked'>().notNull().default('pending_code'),
    codeHash: varchar('code_hash', { length: 64 }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    // Codes sent by SMS for this mandate (the first and every resend): resends and a member's texts per day are capped.
    codesSent: integer('codes_sent').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    // What the member was buying when the form was filled in: paid once the code is confirmed.
    pendingCheckout: jsonb('pending_checkout').$type<{ bundleId: string; code: string | null; key: string } | null>(),
    provider: varchar('provider', { length: 20 }),
    providerCustomerId: varchar('provider_customer_id', { length: 100 }),
    providerMandateId: varchar('provider_mandate_id', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('direct_debit_mandates_user_idx').on(t.userId)],
)

/** IBANs and phone numbers refused for direct debit (hashes only). */
export const directDebitBlocklist = pgTable(
  'direct_debit_blocklist',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10 }).$type<'iban' | 'phone'>().notNull(),
    valueHash: varchar('value_hash', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('direct_debit_blocklist_key').on(t.kind, t.valueHash)],
)

/** Without an SMS provider, text messages are kept here, readable at /dev/outbox from this machine only. */
export const outboxSms = pgTable('outbox_sms', {
  id: serial('id').primaryKey(),
  toNumber: varchar('to_number', { length: 20 }).notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Something about a member the operators must look at (a chargeback, a failed collection). */
export const memberFlags = pgTable(
  'member_flags',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 40 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('member_flags_key').on(t.userId, t.reason, t.reference)],
)

/** The spend limit a member sets for themself, per calendar month, in their currency. */
export const spendLimits = pgTable('spend_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  monthlyLimitMinor: integer('monthly_limit_minor').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The sandbox provider's own books (app/adapters/payments/sandbox): what a real provider keeps on its side. Our
 * code reads it only through the adapter's API, like any provider's.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: varchar('id', { length: 40 }).primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  method: varchar('method', { length: 30 }).notNull(),
  description: varchar('description', { length: 200 }).notNull(),
  status: varchar('status', { length: 20 }).notNull().default('open'),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  reference: varchar('reference', { length: 100 }).notNull(),
  idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull().unique(),
  mandateId: varchar('mandate_id', { length: 60 }),
  storedCard: boolean('stored_card').notNull().default(false),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  // Idempotency keys of the refunds made: a retried refund request refunds once.
  refundKeys: text('refund_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  chargedBackMinor: integer('charged_back_minor').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const refundRequestStatuses = ['open', 'refunded', 'declined'] as const
export type RefundRequestStatus = (typeof refundRequestStatuses)[number]

/**
 * A member's request for a refund of one payment, from its receipt (issue 28): one per payment, filed within the
 * refund period, answered in the console by support (refunded through the provider, or declined with an answer the
 * member reads on the receipt). `decidedBy` is the operator's id, kept as a number as in the audit log.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 10 }).$type<RefundRequestStatus>().notNull().default('open'),
    answer: text('answer'),
    decidedBy: integer('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('refund_requests_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
  ],
)
