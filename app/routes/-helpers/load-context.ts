import type { Viewer } from '#app/features/authentication/viewer.server'

// HTTP lives here, not in app/features (issue 25): the Express layer (server/app.ts) resolves the session once per request and hands it to every loader/action.
declare module 'react-router' {
  interface AppLoadContext {
    viewer: Viewer | null
    sessionToken: string | null
    clientIp: string
    /** A loopback TCP peer with no forwarding header: this host's own tools, not a visitor (server/local-peer.server.ts). */
    directLocalPeer?: boolean
    /** Set by the entry's handleError when a backing service is away; the Express layer then answers 503. */
    requestFailure: { serviceUnavailable: boolean }
    /** This response's Content-Security-Policy nonce (server/security-headers.server.ts); unset outside Express. */
    cspNonce?: string
  }
}

export {}
