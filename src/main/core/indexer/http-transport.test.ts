import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { nodeTransport, type TransportAnswer } from './http-transport'
import { requestJson } from './http'
import { sendJson, serverPerTest } from '@test/support/test-server'
import { rejection } from '@test/support/caught'

const serve = serverPerTest()

async function text(answer: TransportAnswer): Promise<string> {
  const parts: Uint8Array[] = []
  for await (const chunk of answer.body) parts.push(chunk)
  return Buffer.concat(parts).toString('utf8')
}

function get(url: string, method = 'GET'): Promise<TransportAnswer> {
  return nodeTransport(url, { method, headers: {}, signal: AbortSignal.timeout(5_000) })
}

describe('nodeTransport', () => {
  it('asks for compressed bodies and reads gzip, deflate and brotli as the plain text', async () => {
    const plain = JSON.stringify({ ok: true, items: Array.from({ length: 50 }, (_, index) => ({ id: `p${index}` })) })
    const encoders: Record<string, (input: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }
    const s = await serve((request, response) => {
      const encoding = (request.url ?? '/').slice(1)
      const encode = encoders[encoding]
      response.writeHead(200, encode ? { 'content-encoding': encoding } : {})
      response.end(encode ? encode(Buffer.from(plain)) : plain)
    })
    for (const encoding of ['gzip', 'deflate', 'br', 'none']) expect(await text(await get(`${s.url}/${encoding}`)), encoding).toBe(plain)
    expect(s.requests[0]?.headers['accept-encoding']).toMatch(/gzip.*br/)
  })

  it('gives each Set-Cookie line apart and repeated headers joined, as fetch does', async () => {
    const s = await serve((_request, response) => {
      response.setHeader('set-cookie', ['session=abc; Max-Age=60', 'theme=dark'])
      response.setHeader('x-ratelimit-limit', '100')
      response.end()
    })
    const answer = await get(s.url)
    await text(answer)
    expect(answer.headers.getSetCookie()).toEqual(['session=abc; Max-Age=60', 'theme=dark'])
    expect(answer.headers.get('X-RateLimit-Limit')).toBe('100')
    expect(answer.headers.get('etag')).toBeNull()
  })

  it('keeps the connection for the next request', async () => {
    const ports: (number | undefined)[] = []
    const s = await serve((request, response) => {
      ports.push(request.socket.remotePort)
      sendJson(response, 200, { ok: true })
    })
    await text(await get(s.url))
    await text(await get(s.url))
    expect(ports).toHaveLength(2)
    expect(ports[1]).toBe(ports[0])
  })

  it('asks a GET again on a new connection when a kept one was closed as it was reused, but not a POST', async () => {
    const ports: (number | undefined)[] = []
    const s = await serve((request, response, index) => {
      ports.push(request.socket.remotePort)
      // The second request of each pair finds its kept connection gone.
      if (index % 3 === 1) request.socket.destroy()
      else sendJson(response, 200, { ok: true })
    })
    await text(await get(s.url))
    expect(JSON.parse(await text(await get(s.url)))).toEqual({ ok: true })
    expect(ports).toHaveLength(3)
    expect(ports[2]).not.toBe(ports[1])

    await text(await get(s.url, 'GET'))
    const error = await rejection(requestJson(s.url, { method: 'POST', body: {}, retries: 0 }))
    expect(error).toMatchObject({ code: 'UNREACHABLE' })
    expect(ports).toHaveLength(5)
  })

  it('refuses an address that is neither http nor https', async () => {
    await expect(get('file:///etc/passwd')).rejects.toThrow(/Only http and https/)
  })

  it('reports a body that says gzip and is not as undecodable, without asking again', async () => {
    const s = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' })
      response.end('{"ok": true}')
    })
    const error = await rejection(requestJson(s.url, { retries: 2 }))
    expect(error).toMatchObject({ code: 'DECODE', retryable: false })
    expect(error.message).toMatch(/gzip body could not be decompressed/)
    expect(s.requests).toHaveLength(1)
  })

  it('caps a compressed body by what it decompresses to', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20))
    const s = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' })
      response.end(bomb)
    })
    expect(bomb.length).toBeLessThan(64 * 1024)
    const error = await rejection(requestJson(s.url, { maxBodyBytes: 1024 * 1024, retries: 0 }))
    expect(error).toMatchObject({ code: 'DECODE' })
    expect(error.message).toContain('too large')
  })
})
