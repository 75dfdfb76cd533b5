import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from 'react-router'
import { OPERATOR_COOKIE } from '#app/features/console/operators/operator-sessions.server'
import { parseCookies } from '#app/lib/cookies'
import { logger } from '#app/lib/logger.server'
import { isServiceUnavailable } from '#app/lib/service-unavailable'
import { errorText } from '#app/lib/error-text'

// React Router's default Node entry, with these changes: scripts carry the response's CSP nonce; errors are logged
// once by pino (the message only, never the request or what the member sent); and an error that means the database
// or Redis is away marks the request so that the Express layer answers 503 with Retry-After instead of 500
// (server/http-app.server.ts).
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // 404s, 405s and the like are answers, not failures.
  if (isRouteErrorResponse(error) && error.status < 500) return
  const unavailable = isServiceUnavailable(error)
  if (unavailable && context && 'requestFailure' in context) context.requestFailure.serviceUnavailable = true
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorText(error)
  logger.error({ err: message, unavailable, method: request.method, path: new URL(request.url).pathname }, 'request failed')
}

export const streamTimeout = 5_000

/**
 * A page or its data answered to a logged-in member or an operator is theirs alone: no browser history cache or
 * shared proxy may keep it (a shared computer's next user, a misconfigured CDN). Anonymous pages keep their own rules.
 */
function keepPrivate(request: Request, headers: Headers, loadContext?: AppLoadContext): void {
  if (loadContext?.viewer || parseCookies(request.headers.get('cookie'))[OPERATOR_COOKIE]) headers.set('Cache-Control', 'private, no-store')
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  keepPrivate(request, response.headers, context)
  return response
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  keepPrivate(request, responseHeaders, loadContext)
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders })

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Bots and SPA mode wait for all content to load before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort the rendering stream after `streamTimeout`, leaving it time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    // The Content-Security-Policy allows inline scripts only with this response's nonce: React Router and React
    // put it on every script they write (the hydration data, the module loader, streamed chunks).
    const nonce = loadContext?.cspNonce
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        const stream = createReadableStreamFromReadable(body)
        responseHeaders.set('Content-Type', 'text/html')
        pipe(body)
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        // Errors of the shell itself reject above and are logged by handleError; these come from inside it.
        if (shellRendered) logger.error({ err: errorText(error) }, 'render failed')
      },
    })
  })
}
