/**
 * Hostile indexer, memory, each case in a child process of its own so that
 * its RSS is the core's alone, run with the V8 settings the app applies:
 * - 200 watched addresses each with a backlog to load over HTTP at start;
 * - a list answered with a 100 MB body (over the 20 MB cap, no length given).
 * Afterwards RSS must be back under the soak limit (250 MB, the memory
 * benchmarks' target). Figures are printed; the assertions are on memory
 * and on what the user is told, never on time.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { workerSource } from '../../src/main/runtime/worker-source'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../src/main/demo/base58'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { startHostileIndexer, type HostileIndexer } from './hostile-indexer'

const ADDRESSES = 200
const PER_ADDRESS = 400
const SOAK_LIMIT_MB = 250
const HUGE_BODY_BYTES = 100 * 1024 * 1024
const root = resolve(import.meta.dirname, '..', '..')

let demo: DemoIndexer | null = null
let hostile: HostileIndexer | null = null
let script = ''
const dirs: string[] = []

beforeAll(async () => {
  // Inside the project, so that the bundle's packages resolve from its node_modules.
  script = await bundleChild(join(root, 'node_modules', '.cache', 'proofwatch-hostile'))
}, 120_000)

afterAll(async () => {
  await demo?.close()
  await hostile?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function bundleChild(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@shared': resolve(root, 'src/shared') } },
    plugins: [workerSource({ alias: { '@shared': resolve(root, 'src/shared') } })],
    build: {
      ssr: resolve(import.meta.dirname, 'children/backfill-memory.ts'),
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'backfill-memory.mjs', format: 'es' } },
    },
  })
  return join(outDir, 'backfill-memory.mjs')
}

type Reading = Record<string, unknown>

function run(args: string[]): Promise<Record<string, Reading>> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)))
    child.on('error', reject)
    child.on('exit', (code) => {
      const readings = out.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Reading)
      if (code !== 0) reject(new Error(`the child exited with ${code}: ${out}\n${err}`))
      else resolvePromise(Object.fromEntries(readings.map((reading) => [String(reading.stage), reading])))
    })
  })
}

/** A JSON list that never closes, written in 64 KiB pieces as the client takes them, until `total` bytes or the client leaves. */
function endlessList(response: ServerResponse, total: number): void {
  response.writeHead(200, { 'content-type': 'application/json' })
  const item = JSON.stringify({ proofAccount: 'P'.repeat(44), circuitId: 'c'.repeat(32), slot: '123456789', status: 'verified' })
  const piece = Buffer.from(`${item},`.repeat(Math.ceil(65536 / (item.length + 1))))
  let sent = 0
  const write = (): void => {
    if (sent === 0) {
      response.write('{"items":[')
    }
    while (sent < total && !response.destroyed) {
      sent += piece.length
      if (!response.write(piece)) return void response.once('drain', write)
    }
    response.end()
  }
  response.on('error', () => {})
  write()
}

describe('hostile indexer: memory', () => {
  it(`RSS is back under ${SOAK_LIMIT_MB} MB after loading the history of ${ADDRESSES} watched addresses`, async () => {
    const work = mkdtempSync(join(tmpdir(), 'proofwatch-backfill-memory-'))
    dirs.push(work)
    demo = await startDemoIndexer({ rate: 0, seed: 11, network: { maxTransactions: 1_000_000 } })
    const addresses = Array.from({ length: ADDRESSES }, (_, index) => encodeBase58(new Uint8Array(32).fill(0).map((_, i) => (i === 0 ? 7 : i === 1 ? index : 3))))
    for (const address of addresses) {
      for (let i = 0; i < PER_ADDRESS; i++) demo.network.publishTransaction({ feePayer: address })
    }
    const byStage = await run(['load', demo.httpUrl, demo.wsUrl, join(work, 'history.sqlite'), addresses.join(','), String(SOAK_LIMIT_MB)])
    console.log(`hostile indexer (memory, ${ADDRESSES}-address load): ${JSON.stringify(Object.values(byStage))}`)
    // Each address's history came in (the first page of each at least), so there was a load to give back.
    expect(Number(byStage.synced?.rows)).toBeGreaterThanOrEqual(ADDRESSES * 150)
    expect(Number(byStage.settled?.rssMB)).toBeLessThan(SOAK_LIMIT_MB)
    console.log('hostile indexer (memory, load): 1 inputs, 1 survived')
  }, 240_000)

  it(`a 100 MB body is refused at the cap and RSS is back under ${SOAK_LIMIT_MB} MB`, async () => {
    hostile = await startHostileIndexer()
    hostile.answer(/^\/api\/proofs$/, (_request, response) => endlessList(response, HUGE_BODY_BYTES))
    const byStage = await run(['huge-body', hostile.httpUrl, String(SOAK_LIMIT_MB)])
    console.log(`hostile indexer (memory, 100 MB body): ${JSON.stringify(Object.values(byStage))}`)
    expect(String(byStage.refused?.refused)).toMatch(/too large \(more than 20971520 bytes\)/)
    expect(Number(byStage.settled?.rssMB)).toBeLessThan(SOAK_LIMIT_MB)
    console.log('hostile indexer (memory, huge body): 1 inputs, 1 survived')
  }, 120_000)
})
