// The service worker's prefetch after a push (spec sections 7 and 9: "push prefetch idle timeout 2000 ms; request
// retries 5"): a request that stays silent for 2 s is cut and tried again, five times at most, one second more apart
// each time. Loaded by public/sw.js with importScripts; a file of its own so that its timing can be tested
// (app/lib/service-worker-prefetch.test.ts).
self.PREFETCH_IDLE_MS = 2000
self.PREFETCH_RETRIES = 5

/** Resolves with the first answer (any status), or null when every try timed out or failed. */
self.prefetchWithRetries = async function prefetchWithRetries(url, init, opts) {
  const idleMs = (opts && opts.idleMs) || self.PREFETCH_IDLE_MS
  const retries = (opts && opts.retries) || self.PREFETCH_RETRIES
  const pause = (opts && opts.pause) || ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await pause(attempt * 1000)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), idleMs)
    try {
      return await fetch(url, { ...init, signal: controller.signal })
    } catch {
      // A timeout or a network failure: try again.
    } finally {
      clearTimeout(timer)
    }
  }
  return null
}
