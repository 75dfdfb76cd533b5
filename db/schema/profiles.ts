import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import type { Gender, Sexuality } from '#app/features/profiles/profile-values'
import { users } from './accounts'

// The value lists belong to the profiles feature; re-exported for the schema's other readers (seed, queries).
export { bodyTypes, eyeColors, genders, hairColors, relationshipStatuses, sexualities } from '#app/features/profiles/profile-values'
export type { Gender, Sexuality } from '#app/features/profiles/profile-values'

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    // Null for fictional profiles: they belong to no member and nobody writes as them.
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    gender: varchar('gender', { length: 10 }).$type<Gender>().notNull(),
    sexuality: varchar('sexuality', { length: 10 }).$type<Sexuality>().notNull().default('hetero'),
    birthDate: date('birth_date').notNull(),
    country: char('country', { length: 2 }).notNull(),
    region: varchar('region', { length: 80 }),
    city: varchar('city', { length: 80 }),
    // Rounded to about 1 km; used for distances, never shown.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hairColor: varchar('hair_color', { length: 10 }),
    eyeColor: varchar('eye_color', { length: 10 }),
    bodyType: varchar('body_type', { length: 10 }),
    relationshipStatus: varchar('relationship_status', { length: 20 }),
    tattoos: boolean('tattoos'),
    signupReason: varchar('signup_reason', { length: 200 }),
    aboutMe: text('about_me'),
    // 'active' profiles are listed; 'disabled' until the account is confirmed or when suspended.
    status: varchar('status', { length: 10 }).$type<'active' | 'disabled'>().notNull().default('disabled'),
    isFictional: boolean('is_fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    privacyMode: boolean('privacy_mode').notNull().default(false),
    mainImageId: integer('main_image_id'),
    // The main image is always an approved photo (app/features/photos settles it after every change), so a main image
    // means a photo others see. Kept by PostgreSQL itself: search lists members with a photo first (issue 28).
    hasPhoto: boolean('has_photo')
      .notNull()
      .generatedAlwaysAs(sql`main_image_id is not null`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A fictional profile has no account (so nobody logs in as it or writes in its name); a member's profile is never fictional.
    check('profiles_fictional_has_no_account', sql`${t.isFictional} = (${t.userId} is null)`),
    // Search (app/features/search) and matching (app/features/matching), designed for a million profiles. The
    // ordered indexes (newest activity first) list the ids of a page; after the order they carry every column the
    // search and proposal conditions read (ages, region, sexuality, privacy mode), so that a page is found by an
    // index-only scan that filters index entries instead of fetching a table row per candidate, and only the rows of
    // the page are read from the table (a deferred join). Members with a photo come first, then the newest activity
    // (proposals ask for a photo, so has_photo is an equality there). The *_age indexes serve the total count.
    index('profiles_search_country_idx')
      .on(
        t.country,
        t.gender,
        t.hasPhoto.desc().nullsFirst(),
        t.lastActiveAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.birthDate,
        t.region,
        t.sexuality,
        t.privacyMode,
      )
      .where(sql`status = 'active' and invisible = false`),
    // A region, with or without a gender: its pages and proposals.
    index('profiles_search_region_idx')
      .on(
        t.country,
        t.region,
        t.hasPhoto.desc().nullsFirst(),
        t.lastActiveAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.gender,
        t.birthDate,
        t.sexuality,
        t.privacyMode,
      )
      .where(sql`status = 'active' and invisible = false`),
    // "Men and women" in a country.
    index('profiles_search_country_anygender_idx')
      .on(
        t.country,
        t.hasPhoto.desc().nullsFirst(),
        t.lastActiveAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.gender,
        t.birthDate,
        t.region,
        t.sexuality,
        t.privacyMode,
      )
      .where(sql`status = 'active' and invisible = false`),
    // All countries (and matching beyond the viewer's country), with and without a gender.
    index('profiles_search_any_idx')
      .on(
        t.gender,
        t.hasPhoto.desc().nullsFirst(),
        t.lastActiveAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.birthDate,
        t.country,
        t.sexuality,
        t.privacyMode,
      )
      .where(sql`status = 'active' and invisible = false`),
    index('profiles_search_anygender_idx')
      .on(
        t.hasPhoto.desc().nullsFirst(),
        t.lastActiveAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.gender,
        t.birthDate,
        t.country,
        t.sexuality,
        t.privacyMode,
      )
      .where(sql`status = 'active' and invisible = false`),
    // The counts: the age range is a range of the index; covering (sexuality, privacy_mode, id) for an index-only scan.
    index('profiles_search_country_age_idx')
      .on(t.country, t.gender, t.birthDate, t.sexuality, t.privacyMode, t.id)
      .where(sql`status = 'active' and invisible = false`),
    // A region's count: its ages are a range here too, however many members a region holds.
    index('profiles_search_region_age_idx')
      .on(t.country, t.region, t.gender, t.birthDate, t.sexuality, t.privacyMode, t.id)
      .where(sql`status = 'active' and invisible = false`),
    index('profiles_search_any_age_idx')
      .on(t.gender, t.birthDate, t.sexuality, t.privacyMode, t.id)
      .where(sql`status = 'active' and invisible = false`),
    // The console's member search (app/features/console/support/find-members.server.ts): a name prefix, case-insensitive,
    // in a byte order (collation "C") so that LIKE 'prefix%' and the keyset order both use this index.
    index('profiles_member_name_idx')
      .on(sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`user_id is not null`),
  ],
)

export const profileImages = pgTable(
  'profile_images',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 120 }).notNull(),
    thumbFilename: varchar('thumb_filename', { length: 120 }).notNull(),
    matchFilename: varchar('match_filename', { length: 120 }).notNull(),
    blurredFilename: varchar('blurred_filename', { length: 120 }).notNull(),
    status: varchar('status', { length: 10 }).$type<'pending' | 'active' | 'rejected'>().notNull().default('pending'),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_images_profile_idx').on(t.profileId)],
)

export const interests = pgTable('interests', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 40 }).notNull().unique(),
  icon: varchar('icon', { length: 40 }).notNull(),
})

export const profileInterests = pgTable(
  'profile_interests',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.interestId] })],
)

export const profileNotes = pgTable('profile_notes', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  note: text('note').notNull(),
})
