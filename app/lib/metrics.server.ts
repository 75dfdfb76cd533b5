import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's Prometheus metrics, served at /metrics (server/ops-endpoints.server.ts, docs/operations.md). A
 * registry of our own rather than prom-client's global one: a module evaluated twice (a test file, the dev
 * server reloading) starts a fresh set instead of failing on names registered already.
 *
 * Every label has a bounded set of values (a method, a status class, a route id, a job name, an outcome): never an
 * address, an id or anything a visitor can vary, which would grow the series without end.
 */
export const metricsRegistry = new Registry()

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route and status class',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
})

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request to the end of its response, by method and route',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

let openSockets: (() => number) | undefined
new Gauge({
  name: 'websocket_connections',
  help: 'WebSocket connections open in this process',
  registers: [metricsRegistry],
  collect() {
    this.set(openSockets?.() ?? 0)
  },
})

/** The socket hub names where its count of open connections comes from (server/ws-hub.server.ts). */
export function observeOpenSockets(count: () => number): void {
  openSockets = count
}

export const chatMessagesSent = new Counter({
  name: 'chat_messages_sent_total',
  help: 'Chat messages stored (retries of a stored message not counted), by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
})

export const chatSendBatchSize = new Histogram({
  name: 'chat_send_batch_size',
  help: 'Sends stored in one transaction (group commit): about 1 when the chat is quiet, growing under load',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [metricsRegistry],
})

export const jobRuns = new Counter({
  name: 'jobs_total',
  help: 'Durable jobs finished by this process, by job name and outcome (completed, retried, failed for good)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
})

export const paymentOutcomes = new Counter({
  name: 'payments_total',
  help: 'Payment state changes booked, by outcome (paid, failed, canceled, expired, collection_failed, refund, chargeback)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
})

let processMetrics = false
/**
 * prom-client's process metrics (CPU, memory, event loop lag, GC, handles). Started by the server only: they keep
 * an event loop monitor and a GC observer, which scripts and tests that merely count things do not need.
 */
export function startProcessMetrics(): void {
  if (processMetrics) return
  processMetrics = true
  collectDefaultMetrics({ register: metricsRegistry })
}
