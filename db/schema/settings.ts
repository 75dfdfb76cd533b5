import { integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'

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
