/** Unknown API calls answer a JSON 404 rather than an HTML page. */
export function loader() {
  return Response.json({ error: 'not_found' }, { status: 404 })
}

export function action() {
  return Response.json({ error: 'not_found' }, { status: 404 })
}
