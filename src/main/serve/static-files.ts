import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentSecurityPolicy } from '@shared/content-security-policy'
import { findRendererFile } from '../core/renderer-files/renderer-files'

const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

const REFUSALS: Record<400 | 403 | 404, string> = { 400: 'Bad request', 403: 'Forbidden', 404: 'Not found' }

/** Serves the built renderer; nothing outside its folder can be reached. */
export async function serveStaticFile(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  let pathname: string
  try {
    pathname = new URL(request.url ?? '/', 'http://localhost').pathname
  } catch {
    response.writeHead(400).end(REFUSALS[400])
    return
  }
  const file = await findRendererFile(root, pathname)
  if (!file.found) {
    response.writeHead(file.status, { 'content-type': 'text/plain; charset=utf-8' }).end(REFUSALS[file.status])
    return
  }
  response.writeHead(200, {
    'content-type': file.contentType,
    'content-length': file.size,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  })
  if (request.method === 'HEAD') {
    response.end()
    return
  }
  const stream = createReadStream(file.path)
  // A file that vanished between the look-up and the read ends the answer instead of the process.
  stream.on('error', () => response.destroy())
  stream.pipe(response)
}
