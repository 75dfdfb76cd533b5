// Production entry (`npm start`, `npm run serve`). By default a supervisor keeps a server worker running and
// restarts it when it dies (server/supervisor.js). SUPERVISE=0 runs the server in this process alone, for a
// platform that supervises by itself (systemd Restart=, a container orchestrator).
import cluster from 'node:cluster'

if (cluster.isPrimary && process.env.SUPERVISE !== '0') {
  const { supervise } = await import('./supervisor.js')
  supervise()
} else {
  await import('./worker.js')
}
