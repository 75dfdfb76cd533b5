/**
 * Whether this process has begun its graceful shutdown (SIGTERM, server/app.ts close()). Readiness (/readyz) should
 * answer 503 from then on, so a load balancer stops sending new work while the requests under way finish.
 */
let shuttingDown = false

export function isShuttingDown(): boolean {
  return shuttingDown
}

export function markShuttingDown(): void {
  shuttingDown = true
}
