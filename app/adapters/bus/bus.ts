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
  /**
   * Calls `listener` each time the subscriptions are back after the connection to the broker was lost: whatever
   * was published meanwhile never reached this process, so its subscribers must catch up from the database
   * (server/ws-hub.server.ts tells its sockets to). Returns a function that removes the listener. A bus that cannot
   * lose its connection (the in-process one) never calls it.
   */
  onResubscribed?(listener: () => void): () => void
}
