import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { BRIDGE_TOKEN_REFUSED, type BridgeEvent, type SocketReply } from '@shared/bridge'
import { KnownSecrets } from '../core/config/known-secrets'
import { silentLogger } from '../core/log/log'
import type { Monitor } from '../core/monitor/monitor'
import { startServe, type ServeHandle } from './server'
import { tempFolder } from '../../../test/support/temp-folder'

function fakeMonitor() {
  const listeners = new Set<(batch: BridgeEvent[]) => void>()
  const monitor = {
    knownSecrets: new KnownSecrets(),
    start: async () => {},
    stop: async () => {},
    onEvents: (listener: (batch: BridgeEvent[]) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSettings: async () => ({ profiles: [], activeProfileId: 'demo' }),
    getConnection: async () => ({ socket: { state: 'live' } }),
    setExportDestination: () => {},
  } as unknown as Monitor
  return { monitor, emit: (batch: BridgeEvent[]) => listeners.forEach((l) => l(batch)) }
}

function rendererDir(): string {
  const dir = tempFolder('proofwatch-renderer-')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ProofWatch</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(tmpdir(), 'proofwatch-secret.txt'), 'secret')
  return dir
}

function get(port: number, path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    // A raw path, so that ../ reaches the server unnormalised.
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A client that keeps every message from the first, so none is missed between awaits. */
function open(url: string, origin?: string): Promise<WebSocket & { next(): Promise<SocketReply> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {})
    const inbox: SocketReply[] = []
    const waiting: Array<(m: SocketReply) => void> = []
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as SocketReply
      const waiter = waiting.shift()
      if (waiter) waiter(message)
      else inbox.push(message)
    })
    const client = Object.assign(socket, {
      next: () => (inbox.length ? Promise.resolve(inbox.shift()!) : new Promise<SocketReply>((r) => waiting.push(r))),
    })
    socket.once('open', () => resolve(client))
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    socket.once('error', reject)
  })
}

let handle: ServeHandle | null = null
afterEach(async () => {
  await handle?.close()
  handle = null
})

describe('serve mode server', () => {
  it('serves the renderer with a CSP and refuses paths outside it', async () => {
    handle = await startServe({ monitor: fakeMonitor().monitor, rendererDir: rendererDir(), port: 0, log: silentLogger })
    const index = await get(handle.port, '/?token=x')
    expect(index.status).toBe(200)
    expect(index.body).toContain('ProofWatch')
    expect(String(index.headers['content-security-policy'])).toContain("default-src 'self'")
    expect((await get(handle.port, '/assets/app.js')).headers['content-type']).toMatch(/javascript/)
    for (const path of ['/../proofwatch-secret.txt', '/%2e%2e/proofwatch-secret.txt', '/..%2fproofwatch-secret.txt']) {
      const attempt = await get(handle.port, path)
      expect([403, 404]).toContain(attempt.status)
      expect(attempt.body).not.toContain('secret')
    }
    expect((await get(handle.port, '/missing.js')).status).toBe(404)
  })

  it('prints a URL on 127.0.0.1 with the token', async () => {
    handle = await startServe({ monitor: fakeMonitor().monitor, rendererDir: rendererDir(), port: 0, log: silentLogger })
    expect(handle.url).toBe(`http://127.0.0.1:${handle.port}/?token=${handle.token}`)
    expect(handle.token.length).toBeGreaterThanOrEqual(32)
  })

  it('answers bridge requests and pushes event batches to an allowed page', async () => {
    const fake = fakeMonitor()
    handle = await startServe({ monitor: fake.monitor, rendererDir: rendererDir(), port: 0, log: silentLogger })
    const socket = await open(`ws://127.0.0.1:${handle.port}/bridge?token=${handle.token}`, `http://127.0.0.1:${handle.port}`)
    // A new page learns the connection state at once.
    expect(await socket.next()).toEqual({ events: [{ event: 'connection', payload: { socket: { state: 'live' } } }] })
    const reply = socket.next()
    socket.send(JSON.stringify({ id: 7, method: 'getSettings', args: [] }))
    expect(await reply).toEqual({ id: 7, result: { profiles: [], activeProfileId: 'demo' } })

    const invalid = socket.next()
    socket.send(JSON.stringify({ id: 8, method: 'getProof', args: [12] }))
    expect(await invalid).toMatchObject({ id: 8, error: { code: 'INVALID_ARGUMENT' } })

    const pushed = socket.next()
    fake.emit([{ event: 'problem', payload: { code: 'DECODE', message: 'bad frame' } }])
    expect(await pushed).toEqual({ events: [{ event: 'problem', payload: { code: 'DECODE', message: 'bad frame' } }] })
    socket.close()
  })

  it('closes a socket with a wrong token with the code the page knows, before any request is served', async () => {
    handle = await startServe({ monitor: fakeMonitor().monitor, rendererDir: rendererDir(), port: 0, log: silentLogger })
    const socket = await open(`ws://127.0.0.1:${handle.port}/bridge?token=stale`, `http://127.0.0.1:${handle.port}`)
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    socket.send(JSON.stringify({ id: 1, method: 'getSettings', args: [] }))
    expect(await closed).toBe(BRIDGE_TOKEN_REFUSED)
    const nothing = new Promise((resolve) => setTimeout(() => resolve('no reply'), 50))
    expect(await Promise.race([socket.next(), nothing])).toBe('no reply')
  })

  it('refuses a foreign origin, a missing origin and other paths', async () => {
    handle = await startServe({ monitor: fakeMonitor().monitor, rendererDir: rendererDir(), port: 0, log: silentLogger })
    const base = `ws://127.0.0.1:${handle.port}/bridge`
    const origin = `http://127.0.0.1:${handle.port}`
    await expect(open(`${base}?token=${handle.token}`, 'http://evil.example')).rejects.toThrow(/403/)
    await expect(open(`${base}?token=wrong`, 'http://evil.example')).rejects.toThrow(/403/)
    await expect(open(`${base}?token=${handle.token}`)).rejects.toThrow(/403/)
    await expect(open(`ws://127.0.0.1:${handle.port}/other?token=${handle.token}`, origin)).rejects.toThrow(/404/)
  })
})
