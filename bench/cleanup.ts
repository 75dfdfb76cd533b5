/**
 * The teardown every bench needs: steps registered as it goes (servers, databases, browsers) run once, in reverse,
 * on success, failure, Ctrl-C or when the bench overruns `timeoutMs`; `last` runs after them (temporary folders).
 */
export function benchCleanup(name: string, timeoutMs: number, last?: () => void) {
  const cleanups: (() => Promise<void> | void)[] = []
  let cleaning: Promise<void> | undefined
  const cleanup = (): Promise<void> => {
    cleaning ??= (async () => {
      for (const fn of cleanups.reverse()) {
        try {
          await fn()
        } catch (e) {
          console.error('cleanup:', (e as Error).message)
        }
      }
      last?.()
    })()
    return cleaning
  }
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      console.error(`\n${sig}: cleaning up`)
      void cleanup().finally(() => process.exit(130))
    })
  }
  setTimeout(() => {
    console.error(`${name} did not finish within ${timeoutMs / 60_000} minutes`)
    void cleanup().finally(() => process.exit(1))
  }, timeoutMs).unref()
  return { cleanups, cleanup }
}
