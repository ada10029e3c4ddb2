/**
 * Which file of the built renderer a URL path names, and its MIME type: the
 * one rule for serve mode's HTTP server and the desktop's app:// scheme.
 * Nothing outside the renderer folder can be named, however the path is
 * encoded.
 */
import { nodeFsPromises } from '../../runtime/builtins-on-first-use'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
}

/** The Content-Type of a renderer file; unknown kinds as bytes (served with nosniff, so never run). */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

export type RendererFile =
  | { found: true; path: string; contentType: string; size: number }
  | { found: false; status: 400 | 403 | 404; reason: string }

/**
 * The file `urlPath` (a URL's pathname, still percent-encoded) names under
 * `root`; a path ending in "/" names its index.html. 400 for a path that
 * does not decode or holds a NUL, 403 for one that leads outside `root`
 * (`..`, `%2e%2e`, an encoded slash or backslash), 404 for no such file.
 */
export function resolveRendererPath(root: string, urlPath: string): { ok: true; path: string } | { ok: false; status: 400 | 403; reason: string } {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return { ok: false, status: 400, reason: 'The path is not valid percent-encoding' }
  }
  if (decoded.includes('\0')) return { ok: false, status: 400, reason: 'The path holds a NUL character' }
  if (decoded === '' || decoded.endsWith('/')) decoded += 'index.html'
  // A backslash separates folders on Windows: treated as one everywhere, so "..\" cannot slip past the check.
  const relativePath = decoded.replaceAll('\\', '/')
  const folder = normalize(root)
  const path = normalize(join(folder, relativePath))
  const inside = folder.endsWith(sep) ? folder : folder + sep
  if (!path.startsWith(inside)) return { ok: false, status: 403, reason: 'The path leads outside the app' }
  return { ok: true, path }
}

/** Looks the file up on disk; folders and anything that cannot be read count as missing. */
export async function findRendererFile(root: string, urlPath: string): Promise<RendererFile> {
  const resolved = resolveRendererPath(root, urlPath)
  if (!resolved.ok) return { found: false, status: resolved.status, reason: resolved.reason }
  try {
    const info = await nodeFsPromises().stat(resolved.path)
    if (info.isFile()) return { found: true, path: resolved.path, contentType: contentTypeOf(resolved.path), size: info.size }
  } catch {
    // Missing or unreadable: the same answer.
  }
  return { found: false, status: 404, reason: 'No such file' }
}
