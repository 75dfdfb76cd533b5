type Listener = () => void
const listeners = new Set<Listener>()

/**
 * Tells this process's job runner that events or jobs were just committed, so it looks now instead of at its next
 * poll. Features call it after their transaction; other processes find the work on their own poll.
 */
export function wakeJobRunner(): void {
  for (const l of listeners) l()
}

export function onWake(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
