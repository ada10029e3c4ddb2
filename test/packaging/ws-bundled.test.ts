/**
 * ws as the main process bundles it (src/main/runtime/bundled-dependencies.ts): built
 * with the same options as the app, it neither loads https, tls nor zlib when
 * it loads, and still connects over wss:// (the built-ins required on first
 * use) and ws://. The certificate in test/fixtures/tls is a self-signed one
 * made for this test only.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { builtinsThroughRequire } from '../../src/main/runtime/builtins-through-require'
import { BUNDLED_IN_MAIN, REQUIRED_ON_USE } from '../../src/main/runtime/bundled-dependencies'

const root = resolve(import.meta.dirname, '..', '..')
const tls = join(root, 'test', 'fixtures', 'tls')
const dir = mkdtempSync(join(root, 'node_modules', '.pw-ws-bundled-'))

beforeAll(async () => {
  writeFileSync(
    join(dir, 'entry.js'),
    `
import { readFileSync } from 'node:fs'
import WebSocket, { WebSocketServer } from 'ws'
const loaded = (name) => process.moduleLoadList.includes('NativeModule ' + name)
const atLoad = { https: loaded('https'), tls: loaded('tls'), zlib: loaded('zlib') }

/** Serves an echo socket on the server made by makeServer, and sends one message through it. */
async function echo(makeServer, scheme, clientOptions) {
  const server = makeServer()
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(data.toString())))
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  const client = new WebSocket(scheme + '://127.0.0.1:' + server.address().port, { perMessageDeflate: false, ...clientOptions })
  const answer = await new Promise((done, fail) => {
    client.once('open', () => client.send('hello over ' + scheme))
    client.once('message', (data) => done(data.toString()))
    client.once('error', fail)
  })
  client.close()
  sockets.close()
  server.close()
  return answer
}

const [certFile, keyFile] = process.argv.slice(2)
const { createServer: createHttpServer } = await import('node:http')
const plain = await echo(() => createHttpServer(), 'ws', {})
const { createServer: createHttpsServer } = await import('node:https')
const secure = await echo(() => createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }), 'wss', { rejectUnauthorized: false })
process.stdout.write(JSON.stringify({ atLoad, plain, secure }))
`,
  )
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [builtinsThroughRequire({ lazy: REQUIRED_ON_USE })],
    ssr: { noExternal: [...BUNDLED_IN_MAIN] },
    build: { ssr: join(dir, 'entry.js'), outDir: join(dir, 'out'), target: 'node24', minify: false, rollupOptions: { output: { format: 'es', entryFileNames: '[name].js' } } },
  })
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('ws as the main process bundles it', () => {
  it('is in the bundle, not loaded from node_modules', () => {
    const output = readFileSync(join(dir, 'out', 'entry.js'), 'utf8')
    expect(output).not.toMatch(/from\s*["']ws["']/)
    expect(output).toContain('WebSocketServer')
  })

  it('loads neither https, tls nor zlib with ws, and still talks over ws:// and wss://', () => {
    const printed = execFileSync(process.execPath, [join(dir, 'out', 'entry.js'), join(tls, 'localhost-cert.pem'), join(tls, 'localhost-key.pem')], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(JSON.parse(printed)).toEqual({
      atLoad: { https: false, tls: false, zlib: false },
      plain: 'hello over ws',
      secure: 'hello over wss',
    })
  })
})
