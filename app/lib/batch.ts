/**
 * Coalesces single-key loads made in the same turn of the event loop into one call of `loadMany` (a DataLoader
 * without its cache): the job runner starts the live reactions of a batch of events side by side, so a burst of
 * chat messages costs one query for all of their rows instead of one each (issue 14). Each caller gets its own
 * key's value, or undefined when `loadMany` returned none; a failed batch fails each of its callers.
 */
export function batchLoads<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, opts: { maxBatch?: number } = {}): (key: K) => Promise<V | undefined> {
  const maxBatch = opts.maxBatch ?? 500
  let pending: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = []
  const flush = () => {
    const batch = pending
    pending = []
    for (let i = 0; i < batch.length; i += maxBatch) {
      const part = batch.slice(i, i + maxBatch)
      loadMany([...new Set(part.map((p) => p.key))]).then(
        (values) => {
          for (const p of part) p.resolve(values.get(p.key))
        },
        (e: unknown) => {
          for (const p of part) p.reject(e)
        },
      )
    }
  }
  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending.length) setImmediate(flush)
      pending.push({ key, resolve, reject })
    })
}
