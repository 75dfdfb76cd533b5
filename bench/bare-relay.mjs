// The baseline of bench/chat-scale.ts: a bare `ws` server doing the chat's socket traffic with nothing behind it.
// A socket is a member by its `sid` cookie (a token → profile id map from a JSON file); a `send` frame is answered
// with an `ack`, and the recipient's sockets get `message` and `counts`, the sender's sockets `message`, as the hub
// does. With a Redis URL, every send is published on one channel and each relay process delivers to the sockets it
// holds: two relays then stand for two server processes joined by Redis.
//   node bench/bare-relay.mjs <tokens.json> [redis-url channel]
import fs from 'node:fs'
import http from 'node:http'
import { WebSocketServer } from 'ws'

const [file, redisUrl, channel] = process.argv.slice(2)
const profileOf = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))).map(([t, id]) => [t, String(id)]))
const socketsOf = new Map()
let seq = 0

const server = http.createServer((req, res) => res.writeHead(404).end())
const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 })
server.on('upgrade', (req, socket, head) => {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]
  const profileId = sid ? profileOf.get(sid) : undefined
  if (!profileId) return socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n')
  wss.handleUpgrade(req, socket, head, (ws) => {
    let set = socketsOf.get(profileId)
    if (!set) socketsOf.set(profileId, (set = new Set()))
    set.add(ws)
    ws.on('close', () => set.delete(ws))
    ws.on('error', () => {})
    ws.send(JSON.stringify({ type: 'ready' }))
    ws.on('message', (raw) => {
      const ev = JSON.parse(String(raw))
      if (ev.type !== 'send') return
      const message = {
        id: ++seq,
        conversationId: 0,
        senderId: Number(profileId),
        clientId: ev.clientId,
        body: ev.body,
        kind: 'text',
        gift: null,
        photo: false,
        createdAt: new Date().toISOString(),
      }
      ws.send(JSON.stringify({ type: 'ack', clientId: ev.clientId, message, credits: 0 }))
      const delivery = { message, to: ev.toProfileId }
      if (pub) pub.publish(channel, JSON.stringify(delivery))
      else deliver(delivery)
    })
  })
})

function deliver({ message, to }) {
  for (const ws of socketsOf.get(String(to)) ?? []) {
    ws.send(JSON.stringify({ type: 'message', message, partnerId: message.senderId }))
    ws.send(JSON.stringify({ type: 'counts', unread: 1, newLikes: 0 }))
  }
  for (const ws of socketsOf.get(String(message.senderId)) ?? []) ws.send(JSON.stringify({ type: 'message', message, partnerId: to }))
}

let pub
if (redisUrl) {
  const { Redis } = await import('ioredis')
  pub = new Redis(redisUrl)
  const sub = new Redis(redisUrl)
  sub.on('message', (_c, m) => deliver(JSON.parse(m)))
  await sub.subscribe(channel)
}

process.on('SIGUSR2', () => {
  globalThis.gc?.()
  globalThis.gc?.()
  console.log(`BENCH_MEMORY ${JSON.stringify(process.memoryUsage())}`)
})
process.on('SIGTERM', () => process.exit(0))
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port))
