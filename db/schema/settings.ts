import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'

/** Global product settings (spec section 3), one row per key; defaults live in code. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const companyInfo = pgTable('company_info', {
  id: integer('id').primaryKey().default(1),
  name: varchar('name', { length: 120 }).notNull(),
  address: varchar('address', { length: 200 }).notNull(),
  registrationNumber: varchar('registration_number', { length: 60 }).notNull(),
  city: varchar('city', { length: 80 }).notNull(),
  country: varchar('country', { length: 80 }).notNull(),
  tradenames: text('tradenames').array().notNull(),
  vatNumbers: text('vat_numbers').array().notNull(),
  supportPhone: varchar('support_phone', { length: 40 }).notNull(),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The change history of the settings (operator console, issue 13): who changed which key when, from what to what,
 * and why. Written in the same transaction as the change and its audit line; never updated.
 */
export const settingChanges = pgTable(
  'setting_changes',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 60 }).notNull(),
    // Null when the key had its default (no row) before, or is back to it after.
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    operatorId: integer('operator_id'),
    operatorName: varchar('operator_name', { length: 80 }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('setting_changes_created_idx').on(t.createdAt), index('setting_changes_key_idx').on(t.key, t.createdAt)],
)
