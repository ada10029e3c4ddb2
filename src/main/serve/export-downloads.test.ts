import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../core/log/log'
import { ExportDownloads, type ExportWriter } from './export-downloads'

const TOKEN = 'page-token-0123456789'

async function serve(downloads: ExportDownloads): Promise<{ base: string; server: Server }> {
  const server = createServer((request, response) => {
    if (!downloads.handle(request, response)) {
      response.writeHead(418)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('export downloads', () => {
  let server: Server | null = null
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  it('streams an offered export once, as an attachment, to a page holding the token', async () => {
    const writer: ExportWriter = async (out) => {
      for (let i = 0; i < 3; i++) out.write(`proofs,${i}\n`)
      return { rows: 3 }
    }
    const downloads = new ExportDownloads(TOKEN, silentLogger)
    const started = await serve(downloads)
    server = started.server
    const offer = downloads.offer({ kind: 'proofs', format: 'csv', filter: {} }, writer)
    if (offer.status !== 'download') throw new Error('expected a download')
    expect(offer.fileName).toMatch(/^proofwatch-proofs-.*\.csv$/)
    const response = await fetch(started.base + offer.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('attachment')
    expect(await response.text()).toBe('proofs,0\nproofs,1\nproofs,2\n')
    expect((await fetch(started.base + offer.url)).status).toBe(404)
  })

  it('refuses a wrong token, an unknown id and an expired offer', async () => {
    let now = 0
    const downloads = new ExportDownloads(TOKEN, silentLogger, () => now)
    const started = await serve(downloads)
    server = started.server
    const offer = downloads.offer({ kind: 'transactions', format: 'json', filter: {} }, async () => ({ rows: 0 }))
    if (offer.status !== 'download') throw new Error('expected a download')
    const wrongToken = offer.url.replace(/token=.*/, 'token=guess')
    expect((await fetch(started.base + wrongToken)).status).toBe(404)
    expect((await fetch(`${started.base}/export/${'x'.repeat(24)}?token=${TOKEN}`)).status).toBe(404)
    now += 10 * 60_000
    const expired = await fetch(started.base + offer.url)
    expect(expired.status).toBe(404)
    expect(await expired.text()).toMatch(/Export again/)
    expect((await fetch(`${started.base}/other`)).status).toBe(418)
  })

  it('cuts the download when writing fails, so the browser reports it', async () => {
    const downloads = new ExportDownloads(TOKEN, silentLogger)
    const started = await serve(downloads)
    server = started.server
    const offer = downloads.offer({ kind: 'proofs', format: 'json', filter: {} }, async (out) => {
      out.write('partial')
      throw new Error('disk read failed')
    })
    if (offer.status !== 'download') throw new Error('expected a download')
    const response = await fetch(started.base + offer.url)
    await expect(response.text()).rejects.toThrow()
  })
})
