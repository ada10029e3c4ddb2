/**
 * A real HTTP server in front of an indexer (used by tests only): forwards
 * every request, records when each one was answered, and plays an outage
 * (`down`: every connection is cut, as when the indexer is out of reach).
 */
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { startTestServer, type TestServer } from './test-server'

export interface FrontRequest {
  /** The request target, e.g. /api/transactions/<signature>. */
  path: string
  /** Epoch ms the request arrived. */
  at: number
  /** HTTP status forwarded; null until answered. */
  status: number | null
}

export interface HttpFront {
  readonly url: string
  readonly server: TestServer
  readonly requests: FrontRequest[]
  down: boolean
  close(): Promise<void>
}

export async function startHttpFront(targetUrl: string): Promise<HttpFront> {
  const requests: FrontRequest[] = []
  const front = { requests, down: false } as { -readonly [K in keyof HttpFront]: HttpFront[K] }
  front.server = await startTestServer((request, response) => {
    if (front.down) {
      request.socket.destroy()
      return
    }
    const seen: FrontRequest = { path: request.url ?? '/', at: Date.now(), status: null }
    requests.push(seen)
    const headers: Record<string, string> = {}
    for (const name of ['cookie', 'authorization', 'accept']) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    fetch(`${targetUrl}${seen.path}`, { headers }).then(
      async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer())
        seen.status = answer.status
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        response.end(body)
      },
      () => request.socket.destroy(),
    )
  })
  front.url = front.server.url
  front.close = () => front.server.close()
  return front as HttpFront
}

/** The ids of the one-record reads (`/api/transactions/<id>`, `/api/proofs/<id>`) answered so far. */
export function detailReads(front: HttpFront): string[] {
  return front.requests
    .filter((r) => r.status !== null && /^\/api\/(transactions|proofs)\/[1-9A-HJ-NP-Za-km-z]{32,}$/.test(r.path.split('?')[0]!))
    .map((r) => r.path.split('?')[0]!.split('/').at(-1)!)
}

/** The demo indexer (`seed`, publishing nothing by itself) with a front before it that records what it is asked. */
export async function demoBehindFront(seed: number): Promise<{ demo: DemoIndexer; front: HttpFront }> {
  const demo = await startDemoIndexer({ port: 0, rate: 0, seed })
  return { demo, front: await startHttpFront(demo.httpUrl) }
}
