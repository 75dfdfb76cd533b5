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
