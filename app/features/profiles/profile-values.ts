/**
 * The value lists of a profile (spec section 3). They belong to the profiles feature: forms, filters and labels
 * use them, and the database schema (db/schema/profiles.ts) takes its column types from here.
 */
export const genders = ['male', 'female'] as const
export const sexualities = ['hetero', 'gay', 'lesbian', 'bi'] as const
export const bodyTypes = ['slim', 'normal', 'fat'] as const
export const relationshipStatuses = ['single', 'married', 'divorced', 'widowed', 'living_together', 'unmarried'] as const
export const hairColors = ['black', 'brown', 'blond', 'red', 'grey', 'other'] as const
export const eyeColors = ['brown', 'blue', 'green', 'grey', 'other'] as const
export type Gender = (typeof genders)[number]
export type Sexuality = (typeof sexualities)[number]
