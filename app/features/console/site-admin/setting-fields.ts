import { z } from 'zod'
import { nicheIds } from '#app/features/niche/niche'
import type { SettingKey, Settings } from '#app/features/settings/defaults'
import { isIconName } from '#app/ui/icon-names'
import { isCountryCode } from './country-codes'
import { field, fieldValues, hasField, type FormFields } from '#app/lib/form-fields'

/**
 * The settings the console edits (spec section 3), grouped in sections, each with its control and its own zod
 * schema. Shared by the server (validation) and the page (controls); error messages are message ids, with the
 * field's bounds as values.
 */
export type FieldControl =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'bool' }
  | { kind: 'choice'; options: readonly (string | number)[]; labelPrefix: string }
  /**
   * `pattern: 'icon'`: one of the site's icons (app/ui/icon-names.ts), the only glyphs its sprite can draw.
   * `pattern: 'phone'`: a telephone number (digits, spaces, dashes, a leading +).
   */
  | { kind: 'text'; max: number; nullable?: boolean; pattern?: 'icon' | 'phone' }
  | { kind: 'multi'; options: readonly string[]; labelIds: Record<string, string>; min: number }
  | { kind: 'countries' }
  | { kind: 'costs' }

export const visibleProfileFieldOptions = [
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
] as const
export const searchFieldOptions = ['gender', 'country', 'countryregion', 'age'] as const

const profileFieldLabel: Record<string, string> = {
  gender: 'profileField.gender',
  sexuality: 'profileField.sexuality',
  age: 'admin.settings.fieldName.age',
  location: 'admin.settings.fieldName.location',
  hair_color: 'profileField.hair_color',
  eye_color: 'profileField.eye_color',
  body_type: 'profileField.body_type',
  relationship_status: 'profileField.relationship_status',
  tattoos: 'profileField.tattoos',
  about_me: 'admin.settings.fieldName.about_me',
  interests: 'admin.settings.fieldName.interests',
}
const searchFieldLabel: Record<string, string> = {
  gender: 'profileField.gender',
  country: 'admin.settings.fieldName.country',
  countryregion: 'members.region',
  age: 'admin.settings.fieldName.age',
}

export const editableSettings = {
  niche: { kind: 'choice', options: nicheIds, labelPrefix: 'admin.settings.niche.' },
  signups: { kind: 'choice', options: ['all', 'with_trafficsource', 'invite_only'], labelPrefix: 'admin.settings.signups.' },
  logged_out_search: { kind: 'bool' },
  logged_out_search_trafficsource: { kind: 'bool' },
  message_credits: { kind: 'int', min: 0, max: 1000 },
  photo_credits: { kind: 'int', min: 0, max: 1000 },
  gift_credits: { kind: 'int', min: 0, max: 1000 },
  minimum_message_costs: { kind: 'costs' },
  free_messages: { kind: 'int', min: 0, max: 100 },
  free_conversations: { kind: 'int', min: 0, max: 100 },
  signup_credits: { kind: 'int', min: 0, max: 10000 },
  message_length: { kind: 'int', min: 50, max: 10000 },
  chat_history_limit: { kind: 'int', min: 10, max: 10000 },
  refund_days: { kind: 'int', min: 0, max: 365 },
  support_phone: { kind: 'text', max: 40, nullable: true, pattern: 'phone' },
  fictional_warning: { kind: 'text', max: 500, nullable: true },
  fictional_singular: { kind: 'text', max: 80, nullable: true },
  fictional_plural: { kind: 'text', max: 80, nullable: true },
  fictional_icon: { kind: 'text', max: 40, pattern: 'icon' },
  visible_profile_fields: { kind: 'multi', options: visibleProfileFieldOptions, labelIds: profileFieldLabel, min: 0 },
  visible_profile_notes: { kind: 'bool' },
  search_fields: { kind: 'multi', options: searchFieldOptions, labelIds: searchFieldLabel, min: 1 },
  photo_moderation: { kind: 'bool' },
  enable_site_entry_popup: { kind: 'choice', options: ['yes', 'no'], labelPrefix: 'admin.settings.yesNo.' },
  site_entry_popup_countries: { kind: 'countries' },
  us_footer: { kind: 'bool' },
  session_idle_days: { kind: 'int', min: 1, max: 30 },
} as const satisfies Partial<Record<SettingKey, FieldControl>>

export type EditableKey = keyof typeof editableSettings

export const settingSections: { id: string; keys: EditableKey[] }[] = [
  { id: 'general', keys: ['niche', 'signups', 'logged_out_search', 'logged_out_search_trafficsource'] },
  { id: 'costs', keys: ['message_credits', 'photo_credits', 'gift_credits', 'minimum_message_costs', 'free_messages', 'free_conversations', 'signup_credits'] },
  { id: 'chat', keys: ['message_length', 'chat_history_limit', 'refund_days', 'support_phone'] },
  { id: 'fictional', keys: ['fictional_warning', 'fictional_singular', 'fictional_plural', 'fictional_icon'] },
  { id: 'profiles', keys: ['visible_profile_fields', 'visible_profile_notes', 'search_fields', 'photo_moderation'] },
  { id: 'entry', keys: ['enable_site_entry_popup', 'site_entry_popup_countries', 'us_footer'] },
  { id: 'sessions', keys: ['session_idle_days'] },
]

export function isEditableKey(key: string): key is EditableKey {
  return Object.hasOwn(editableSettings, key)
}

/** The message ids of the errors; the page fills in the bounds of the field. */
export const settingErrors = {
  integer: 'admin.settings.error.integer',
  range: 'admin.settings.error.range',
  choice: 'admin.settings.error.choice',
  tooLong: 'admin.settings.error.tooLong',
  required: 'admin.settings.error.required',
  icon: 'admin.settings.error.icon',
  phone: 'admin.settings.error.phone',
  country: 'admin.settings.error.country',
  duplicateCountry: 'admin.settings.error.duplicateCountry',
  currency: 'admin.settings.error.currency',
  atLeastOne: 'admin.settings.error.atLeastOne',
} as const

const currencyPattern = /^[A-Z]{3}$/
const phonePattern = /^\+?[0-9][0-9 -]{4,30}$/

function intSchema(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: settingErrors.integer })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: settingErrors.range }).max(max, { error: settingErrors.range }))
}

const countrySchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, { error: settingErrors.country })

/** One zod schema per editable setting: from the form's raw value(s) to the stored value. */
export function schemaFor(key: EditableKey): z.ZodType<unknown, unknown> {
  const f: FieldControl = editableSettings[key]
  switch (f.kind) {
    case 'int':
      return intSchema(f.min, f.max)
    case 'bool':
      return z.union([z.literal('on'), z.literal('true'), z.literal(''), z.undefined()]).transform((v) => v === 'on' || v === 'true')
    case 'choice':
      return z
        .string()
        .transform((v) => f.options.find((o) => String(o) === v))
        .refine((v) => v !== undefined, { error: settingErrors.choice })
    case 'text': {
      const text = z.string().trim().max(f.max, { error: settingErrors.tooLong })
      const base = f.pattern === 'phone' ? text.refine((v) => v === '' || phonePattern.test(v), { error: settingErrors.phone }) : text
      if (f.nullable) return base.transform((v) => (v === '' ? null : v))
      const required = base.min(1, { error: settingErrors.required })
      return f.pattern === 'icon' ? required.refine(isIconName, { error: settingErrors.icon }) : required
    }
    case 'multi':
      return (
        z
          .array(z.string().refine((v) => (f.options as readonly string[]).includes(v), { error: settingErrors.choice }))
          .min(f.min, { error: settingErrors.atLeastOne })
          // Stored in the order of the options, without repeats.
          .transform((list) => f.options.filter((o) => list.includes(o)))
      )
    case 'countries':
      return z
        .string()
        .transform((s) => s.split(/[\s,;]+/).filter(Boolean))
        .pipe(z.array(countrySchema))
        .refine((list) => new Set(list).size === list.length, { error: settingErrors.duplicateCountry })
    case 'costs':
      return (
        z
          .array(z.object({ country: z.string(), costs: z.string(), currency: z.string() }))
          // Rows left empty are ignored: the page always offers one empty row to add a country.
          .transform((rows) => rows.filter((r) => r.country.trim() || r.costs.trim() || r.currency.trim()))
          .pipe(
            z.array(
              z.object({
                country: countrySchema,
                costs: intSchema(0, 1000),
                currency: z
                  .string()
                  .trim()
                  .transform((s) => s.toUpperCase())
                  .refine((s) => currencyPattern.test(s), { error: settingErrors.currency }),
              }),
            ),
          )
          .refine((rows) => new Set(rows.map((r) => r.country)).size === rows.length, { error: settingErrors.duplicateCountry })
          .transform((rows) => Object.fromEntries(rows.map((r) => [r.country, { costs: r.costs, currency: r.currency }])))
      )
  }
}

/** The raw form value of a setting: what the form fields hold, before validation. */
export type RawValue = string | string[] | { country: string; costs: string; currency: string }[] | undefined

/** Reads one setting's raw value from a form's fields (`s.<key>`, and for costs the rows `s.<key>.<n>.<part>`). */
export function rawFromForm(form: FormFields, key: EditableKey): RawValue {
  const f: FieldControl = editableSettings[key]
  const name = `s.${key}`
  if (f.kind === 'multi') return fieldValues(form, name)
  if (f.kind === 'costs') {
    const rows: { country: string; costs: string; currency: string }[] = []
    for (let i = 0; i < 100 && hasField(form, `${name}.${i}.country`); i++)
      rows.push({
        country: field(form, `${name}.${i}.country`) ?? '',
        costs: field(form, `${name}.${i}.costs`) ?? '',
        currency: field(form, `${name}.${i}.currency`) ?? '',
      })
    return rows
  }
  const v = field(form, name)
  return v === null ? undefined : v
}

/** A stored value as the form shows it (the inverse of the schema). */
export function rawFromValue(key: EditableKey, value: Settings[EditableKey]): RawValue {
  const f: FieldControl = editableSettings[key]
  switch (f.kind) {
    case 'bool':
      return value ? 'on' : ''
    case 'multi':
      return [...(value as string[])]
    case 'countries':
      return (value as string[]).join(', ')
    case 'costs':
      return Object.entries(value as Settings['minimum_message_costs']).map(([country, c]) => ({ country, costs: String(c.costs), currency: c.currency }))
    default:
      return value === null || value === undefined ? '' : String(value)
  }
}

/** The error values (bounds) a message needs. */
export function errorValues(key: EditableKey): Record<string, number> {
  const f: FieldControl = editableSettings[key]
  if (f.kind === 'int') return { min: f.min, max: f.max }
  if (f.kind === 'text') return { max: f.max }
  if (f.kind === 'costs') return { min: 0, max: 1000 }
  return {}
}
