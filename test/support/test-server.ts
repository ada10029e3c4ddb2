/** A real HTTP server on 127.0.0.1 whose answers each test scripts (used by tests only). */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

export interface SeenRequest {
  method: string
  /** The raw request target, exactly as the client encoded it. */
  url: string
  headers: IncomingHttpHeaders
}

export type TestHandler = (request: IncomingMessage, response: ServerResponse, index: number) => void

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: SeenRequest[]
  close(): Promise<void>
}

export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: SeenRequest[] = []
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
    handler(request, response, requests.length - 1)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A file's `serve(handler)`: starts a test server and closes every server it
 * started after each test. Call it at the top of a test file or a describe.
 */
export function serverPerTest(): (handler: TestHandler) => Promise<TestServer> {
  let started: TestServer[] = []
  afterEach(async () => {
    await Promise.all(started.map((server) => server.close()))
    started = []
  })
  return async (handler) => {
    const server = await startTestServer(handler)
    started.push(server)
    return server
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  response.end(text)
}

export function sendText(
  response: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': contentType, ...headers })
  response.end(text)
}

/** A port on 127.0.0.1 with nothing listening (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
