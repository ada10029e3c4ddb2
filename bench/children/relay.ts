/**
 * The baseline of event to screen: a bare relay of the indexer's `proofs`
 * frames to a page, with nothing of ProofWatch in between. Socket in: a `ws`
 * client on the indexer's /ws, subscribed to `proofs` after its `welcome`, as
 * the core subscribes. Socket out: a `ws` server the page connects to; what
 * arrived in one turn of the loop goes out as one message, at once. The page
 * (served here, plain DOM, no framework) adds each message's rows to the
 * document in one append, each row carrying its proof account as the views'
 * rows do (a link titled with it), so the latency benchmark's observer reads
 * it the same way.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket, { WebSocketServer } from 'ws'
import { answerRequests, notifyParent } from '../lib/ipc'

export interface RelayArgs {
  /** The indexer's socket. */
  wsUrl: string
}

export interface RelayReady {
  /** The page to open. */
  url: string
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>relay</title></head>
<body><p id="relay">connecting</p><div id="rows"></div><script>
const rows = document.getElementById('rows')
const socket = new WebSocket('ws://' + location.host + '/')
socket.onopen = () => {
  const state = document.getElementById('relay')
  state.textContent = state.dataset.state = 'open'
}
socket.onmessage = (message) => {
  const batch = document.createDocumentFragment()
  for (const proof of JSON.parse(message.data)) {
    const row = document.createElement('div')
    row.dataset.testid = 'relay-row'
    const link = document.createElement('a')
    link.title = proof.proofAccount
    link.textContent = proof.proofAccount
    row.append(link)
    batch.append(row)
  }
  rows.append(batch)
}
</script></body></html>`

const args = JSON.parse(process.argv[2] ?? '{}') as RelayArgs

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  response.end(PAGE)
})
const pages = new WebSocketServer({ server })

let pending: unknown[] = []
function flush(): void {
  const message = JSON.stringify(pending)
  pending = []
  for (const page of pages.clients) if (page.readyState === WebSocket.OPEN) page.send(message)
}

const indexer = new WebSocket(args.wsUrl)
indexer.on('message', (data) => {
  const frame = JSON.parse(data.toString()) as { type: string; data?: unknown; channel?: string }
  if (frame.type === 'welcome') indexer.send(JSON.stringify({ type: 'subscribe', channel: 'proofs' }))
  else if (frame.type === 'subscribed' && frame.channel === 'proofs') listen()
  else if (frame.type === 'proofs') {
    // The frames that one read of the socket delivered go out together.
    if (pending.length === 0) setImmediate(flush)
    pending.push(frame.data)
  }
})
indexer.on('error', (error) => {
  process.stderr.write(`relay: indexer socket: ${error.message}\n`)
  process.exit(1)
})

function listen(): void {
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo
    notifyParent('ready', { url: `http://127.0.0.1:${port}/` } satisfies RelayReady)
  })
}

answerRequests({
  /** Pages connected now. */
  pages(): number {
    return pages.clients.size
  },
})
