/**
 * Publish/subscribe between server processes. The in-process bus serves one process; the Redis bus joins
 * several behind a load balancer. Both deliver a published payload to every subscriber of the topic.
 */
export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>
  /** Returns a function that ends this subscription. */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>
  close(): Promise<void>
  /** Resolves when the shared transport answers (Redis); absent on the in-process bus, which has none. */
  ping?(): Promise<void>
}
