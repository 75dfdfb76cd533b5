import { isoFromParts } from './date-parts'

/**
 * Reads a form post. A body that is not a form (another content type, a broken multipart stream) is the client's
 * mistake: it becomes a 400 for that request, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw new Response('Bad Request: the body is not a form', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
}

/**
 * A date picked as three parts (app/ui/date-of-birth-field.tsx: `{name}_day`, `_month`, `_year`) becomes the ISO
 * `{name}` the schema reads. The parts win over the hidden field, which only a browser with JavaScript keeps current.
 */
export function dateFromParts(formData: FormData, name: string): FormData {
  const part = (p: string) => formData.get(`${name}_${p}`)
  const [day, month, year] = [part('day'), part('month'), part('year')]
  if (typeof day === 'string' && typeof month === 'string' && typeof year === 'string') formData.set(name, isoFromParts(day, month, year))
  return formData
}
