import { randomBytes } from 'node:crypto'
import type express from 'express'
import helmet from 'helmet'

/**
 * The response headers that keep a page from being turned against its members (issue 15; decision record 024):
 * a Content-Security-Policy whose scripts need this response's nonce (React Router puts it on the scripts it
 * inlines: entry.server.tsx passes it to <ServerRouter>), HSTS when the site is served over https, a
 * Permissions-Policy that grants only what the product uses, and cross-origin isolation of the window.
 */
export function securityHeaders(opts: { publicUrl?: string; formActionOrigins?: readonly string[] }): express.RequestHandler[] {
  const https = opts.publicUrl?.startsWith('https://') ?? false
  const nonce: express.RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as unknown as express.Response).locals.cspNonce as string}'`],
        'script-src-attr': ["'none'"],
        // React renders style attributes (progress bars, map markers, the QR code's box); no stylesheet comes
        // from anywhere but this site.
        'style-src': ["'self'", "'unsafe-inline'"],
        // data: for the generated avatars, blob: for the preview of a photo before it is uploaded.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // 'self' covers the WebSocket (ws/wss) of the same host.
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        // A checkout form's redirect goes on to the payment provider's own page (Chromium checks form redirects).
        'form-action': ["'self'", ...(opts.formActionOrigins ?? [])],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Checked by the CSRF origin test (#app/lib/origin) when a browser sends no Origin header.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  })
  const permissions: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    next()
  }
  return [nonce, csp, permissions]
}

// Geolocation for "use my location" on the profile (location-button.tsx); nothing else of the device.
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** The origins a checkout form may be redirected to: the payment provider's hosted page, when one is used. */
export function paymentFormOrigins(e: { PAYMENT_PROVIDER: string; MOLLIE_API_ENDPOINT?: string }): string[] {
  if (e.PAYMENT_PROVIDER !== 'mollie') return []
  // A configured endpoint (a test double) serves its checkout page at its own origin.
  return ['https://www.mollie.com', ...(e.MOLLIE_API_ENDPOINT ? [new URL(e.MOLLIE_API_ENDPOINT).origin] : [])]
}
