/**
 * A script chunk that fails to load (typically after a new release removed the old files) reloads the page once,
 * to fetch the new ones, at most once per 60 seconds (spec sections 8 and 9). The time of the last such reload is
 * kept in sessionStorage, so a chunk that keeps failing cannot start a reload loop.
 *
 * React Router reloads by itself when one of its route modules fails to load (react-router's loadRouteModule);
 * this guard covers the other dynamic imports (Vite's `vite:preloadError`) and failed imports nobody caught.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000
export const CHUNK_RELOAD_KEY = 'chunkReloadAt'

type Store = Pick<Storage, 'getItem' | 'setItem'>

/**
 * Whether to reload now; when yes, the time is remembered. Without a working store there is no reload: better a
 * broken page than an endless loop.
 */
export function claimChunkReload(store: Store | null | undefined, now = Date.now()): boolean {
  if (!store) return false
  try {
    const last = Number(store.getItem(CHUNK_RELOAD_KEY))
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false
    store.setItem(CHUNK_RELOAD_KEY, String(now))
    return true
  } catch {
    return false
  }
}

/** Whether an error is a script module that could not be fetched (wording differs between browsers). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i.test(
    message,
  )
}

interface GuardWindow {
  addEventListener(type: string, listener: (ev: Event) => void): void
  removeEventListener(type: string, listener: (ev: Event) => void): void
  sessionStorage?: Store
  location: { reload(): void }
}

function storeOf(win: GuardWindow): Store | null {
  try {
    return win.sessionStorage ?? null
  } catch {
    // Reading sessionStorage itself throws when storage is blocked.
    return null
  }
}

/** Listens for failed chunks in `win`; returns the function that stops listening. */
export function installChunkReloadGuard(win: GuardWindow, now: () => number = Date.now): () => void {
  const reload = () => {
    if (!claimChunkReload(storeOf(win), now())) return false
    win.location.reload()
    return true
  }
  // Vite dispatches this (cancelable) before it rethrows a failed dynamic import; cancelling keeps the error from
  // surfacing while the page reloads.
  const onPreloadError = (ev: Event) => {
    if (reload()) ev.preventDefault()
  }
  const onRejection = (ev: Event) => {
    if (isChunkLoadError((ev as PromiseRejectionEvent).reason) && reload()) ev.preventDefault()
  }
  win.addEventListener('vite:preloadError', onPreloadError)
  win.addEventListener('unhandledrejection', onRejection)
  return () => {
    win.removeEventListener('vite:preloadError', onPreloadError)
    win.removeEventListener('unhandledrejection', onRejection)
  }
}
