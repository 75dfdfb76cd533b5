/**
 * A form post as plain data: each field name with its values in order (a checkbox group or repeated field has
 * several). Routes read the body (app/lib/form-data.server.ts) and hand features this, never the FormData itself
 * (docs/architecture.md: features take plain values). File fields are not part of it: uploads go as Buffers.
 */
export type FormFields = Readonly<Record<string, readonly string[]>>

/** A form's fields as plain data (see FormFields); a file field counts as its String(), as FormData.get would give. */
export function formFields(form: FormData): FormFields {
  const out: Record<string, string[]> = {}
  for (const [k, v] of form.entries()) (out[k] ??= []).push(String(v))
  return out
}

/** The first value of a field, or null when the form has none (FormData.get). */
export const field = (f: FormFields, name: string): string | null => f[name]?.[0] ?? null

/** All the values of a field (FormData.getAll). */
export const fieldValues = (f: FormFields, name: string): string[] => [...(f[name] ?? [])]

/** Whether the form has the field (FormData.has). */
export const hasField = (f: FormFields, name: string): boolean => Object.hasOwn(f, name)

/**
 * A posted id as a number, or null when it is not one (1 to 9 digits, not 0). A missing or non-numeric id must not
 * reach a query: NaN for an integer column made PostgreSQL fail it (formId in app/lib/http.server.ts answers 400).
 */
export function idValue(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null
}
