import type { Counter } from 'prom-client'

/** A counter's current value for one set of labels (0 when never counted). */
export async function counterValue<T extends string>(counter: Counter<T>, labels: Partial<Record<T, string>>): Promise<number> {
  const { values } = await counter.get()
  const match = values.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k as T] === want))
  return match?.value ?? 0
}
