import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentTypeOf, findRendererFile, resolveRendererPath } from './renderer-files'

let root: string
let outside: string

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'pw-renderer-files-'))
  root = join(base, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html>')
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {}')
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(join(root, 'assets', 'a file.svg'), '<svg/>')
  // A sibling whose name starts like the renderer folder's: a prefix check alone would let it through.
  outside = join(base, 'renderer-secrets')
  mkdirSync(outside)
  writeFileSync(join(outside, 'key.txt'), 'secret')
  writeFileSync(join(base, 'credentials.json'), '{}')
})

describe('resolveRendererPath', () => {
  it('names files under the renderer folder, "/" its index.html', () => {
    expect(resolveRendererPath(root, '/')).toEqual({ ok: true, path: join(root, 'index.html') })
    expect(resolveRendererPath(root, '')).toEqual({ ok: true, path: join(root, 'index.html') })
    expect(resolveRendererPath(root, '/assets/index-abc.js')).toEqual({ ok: true, path: join(root, 'assets', 'index-abc.js') })
    expect(resolveRendererPath(root, '/assets/a%20file.svg')).toEqual({ ok: true, path: join(root, 'assets', 'a file.svg') })
    // Dots that stay inside are fine.
    expect(resolveRendererPath(root, '/assets/../index.html')).toEqual({ ok: true, path: join(root, 'index.html') })
  })

  it.each([
    ['/../credentials.json'],
    ['/%2e%2e/credentials.json'],
    ['/%2E%2E%2Fcredentials.json'],
    ['/assets/..%2F..%2Fcredentials.json'],
    ['/..%5ccredentials.json'],
    ['/assets%5c..%5c..%5ccredentials.json'],
    ['/../renderer-secrets/key.txt'],
    ['/%2e%2e/renderer-secrets/key.txt'],
    ['/..'],
  ])('refuses %s, which leads outside, with 403', (path) => {
    expect(resolveRendererPath(root, path)).toMatchObject({ ok: false, status: 403 })
  })

  it('refuses a path that does not decode or holds a NUL with 400', () => {
    expect(resolveRendererPath(root, '/%E0%A4%A')).toMatchObject({ ok: false, status: 400 })
    expect(resolveRendererPath(root, '/index.html%00.png')).toMatchObject({ ok: false, status: 400 })
  })
})

describe('findRendererFile', () => {
  it('finds a file with its type and size', async () => {
    expect(await findRendererFile(root, '/')).toEqual({ found: true, path: join(root, 'index.html'), contentType: 'text/html; charset=utf-8', size: 15 })
    expect(await findRendererFile(root, '/assets/index-abc.js')).toMatchObject({ found: true, contentType: 'text/javascript; charset=utf-8' })
  })

  it('answers 404 for a missing file and for a folder, 403 for traversal even to a file that exists', async () => {
    expect(await findRendererFile(root, '/missing.js')).toMatchObject({ found: false, status: 404 })
    expect(await findRendererFile(root, '/assets')).toMatchObject({ found: false, status: 404 })
    expect(await findRendererFile(root, '/%2e%2e/renderer-secrets/key.txt')).toMatchObject({ found: false, status: 403 })
    expect(await findRendererFile(root, '/%zz')).toMatchObject({ found: false, status: 400 })
  })
})

describe('contentTypeOf', () => {
  it('gives each kind the bundle holds its type, in any case, and bytes for the rest', () => {
    expect(contentTypeOf('a.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeOf('a.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('a.mjs')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('a.css')).toBe('text/css; charset=utf-8')
    expect(contentTypeOf('a.svg')).toBe('image/svg+xml')
    expect(contentTypeOf('a.png')).toBe('image/png')
    expect(contentTypeOf('a.woff2')).toBe('font/woff2')
    expect(contentTypeOf('a.json')).toBe('application/json; charset=utf-8')
    expect(contentTypeOf('a')).toBe('application/octet-stream')
    expect(contentTypeOf('a.exe')).toBe('application/octet-stream')
  })
})
