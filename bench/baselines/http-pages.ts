/**
 * Loopback HTTP against the demo indexer in another process: 50-item proof
 * pages per second, one request at a time, following cursors. Raw (keep-alive
 * node:http and JSON.parse) and through the app's IndexerClient (fetch,
 * argument checks, tolerant decoding), side by side.
 */
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { forkChild } from '../lib/processes'
import { IndexerClient } from '../../src/main/core/indexer/client'
import type { IndexerReady } from '../children/indexer'

const PAGE = 50

function getJson(agent: Agent, url: string): Promise<{ items: unknown[]; nextCursor: string | null }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode} for ${url}`))
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items: unknown[]; nextCursor: string | null })
        } catch (error) {
          reject(error)
        }
      })
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

async function rawPagesPerSecond(httpUrl: string, pages: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    let cursor: string | null = null
    const startedAt = performance.now()
    for (let page = 0; page < pages; page++) {
      const url = `${httpUrl}/api/proofs?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const body = await getJson(agent, url)
      if (body.items.length === 0) throw new Error(`an empty page at ${url}`)
      cursor = body.nextCursor
    }
    return pages / ((performance.now() - startedAt) / 1000)
  } finally {
    agent.destroy()
  }
}

async function clientPagesPerSecond(httpUrl: string, pages: number): Promise<number> {
  const client = new IndexerClient({ baseUrl: httpUrl, retries: 0 })
  let cursor: string | undefined
  const startedAt = performance.now()
  for (let page = 0; page < pages; page++) {
    const result = await client.proofs({ limit: PAGE, cursor })
    if (result.items.length === 0) throw new Error('an empty page')
    cursor = result.nextCursor ?? undefined
  }
  return pages / ((performance.now() - startedAt) / 1000)
}

export const httpPages: Benchmark = {
  name: 'http',
  title: 'Loopback HTTP pages from the demo indexer',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const historyProofs = ctx.quick ? 500 : 5_000
    const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', { historyProofs, maxProofs: historyProofs })
    try {
      const url = indexer.ready.httpUrl
      const pages = ctx.sizes.httpPages
      // Warm up both paths (connections, JIT) before measuring.
      await rawPagesPerSecond(url, Math.min(pages, 50))
      await clientPagesPerSecond(url, Math.min(pages, 50))
      const raw: number[] = []
      const client: number[] = []
      for (let run = 0; run < ctx.sizes.runs; run++) {
        raw.push(await rawPagesPerSecond(url, pages))
        client.push(await clientPagesPerSecond(url, pages))
      }
      const note = `${PAGE}-item proof pages, one request at a time, ${historyProofs.toLocaleString('en-US')} proofs held`
      return [
        measured({ id: 'http.pages-raw', figure: 'HTTP pages, keep-alive node:http + JSON.parse', unit: 'pages/s', baseline: true, short: 'raw HTTP', note }, raw),
        measured(
          {
            id: 'http.pages-client',
            figure: 'HTTP pages through IndexerClient (decoded)',
            unit: 'pages/s',
            target: { baseline: 'http.pages-raw', text: 'side by side' },
            note: 'fetch, argument checks, decoding',
          },
          client,
        ),
      ]
    } finally {
      await indexer.stop()
    }
  },
}
