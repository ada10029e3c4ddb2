import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Writable } from 'node:stream'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportRequest } from '@shared/history'
import { exportFileName } from '@shared/export-name'
import { toErrorInfo } from '@shared/errors'
import type { Logger } from '../core/log/log'

/** Writes the rows of an export to a stream; answers how many. */
export type ExportWriter = (out: Writable) => Promise<{ rows: number }>

const OFFER_TTL_MS = 5 * 60_000
const PATH = /^\/export\/([A-Za-z0-9_-]{16,64})$/

/**
 * Serve mode's "file the user picks": an export becomes a one-time download
 * link, guarded by the page's access token, that streams the rows as the
 * browser reads them (no file is built in memory or on disk).
 */
export class ExportDownloads {
  private readonly offers = new Map<string, { request: ExportRequest; write: ExportWriter; expiresAt: number }>()

  constructor(
    private readonly token: string,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** A link that, opened once within five minutes, streams what `write` writes. */
  offer(request: ExportRequest, write: ExportWriter): ExportOutcome {
    this.prune()
    const id = randomBytes(18).toString('base64url')
    this.offers.set(id, { request, write, expiresAt: this.now() + OFFER_TTL_MS })
    return { status: 'download', url: `/export/${id}?token=${encodeURIComponent(this.token)}`, fileName: fileName(request) }
  }

  /** Answers the request when it is a download; false leaves it to the next handler. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const match = PATH.exec(url.pathname)
    if (!match) return false
    const offer = this.offers.get(match[1]!)
    if (request.method !== 'GET' || !this.tokenMatches(url.searchParams.get('token')) || !offer || offer.expiresAt < this.now()) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      response.end('This export link is not valid (it is used once and lasts five minutes). Export again.')
      return true
    }
    this.offers.delete(match[1]!)
    const { request: exportRequest, write } = offer
    response.writeHead(200, {
      'Content-Type': exportRequest.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName(exportRequest)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    write(response).then(
      ({ rows }) => {
        this.log.info('export downloaded', { kind: exportRequest.kind, format: exportRequest.format, rows })
        response.end()
      },
      (error: unknown) => {
        // Headers are gone: cutting the stream makes the browser report a failed download instead of a short file.
        this.log.error('export failed', toErrorInfo(error))
        response.destroy()
      },
    )
    return true
  }

  private tokenMatches(given: string | null): boolean {
    if (given === null) return false
    const a = Buffer.from(given)
    const b = Buffer.from(this.token)
    return a.length === b.length && timingSafeEqual(a, b)
  }

  private prune(): void {
    const now = this.now()
    for (const [id, offer] of this.offers) if (offer.expiresAt < now) this.offers.delete(id)
  }
}

export function fileName(request: ExportRequest): string {
  return exportFileName(request, new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-'))
}
