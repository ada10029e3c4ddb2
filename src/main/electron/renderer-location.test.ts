import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isAppRendererUrl, resolveRendererLocation } from './renderer-location'

const mainDir = resolve('/opt/proofwatch/out/main')
const rendererDir = resolve('/opt/proofwatch/out/renderer')

describe('resolveRendererLocation', () => {
  it('uses the built index.html next to out/main without a dev server', () => {
    expect(resolveRendererLocation(mainDir)).toEqual({
      kind: 'file',
      directory: rendererDir,
      indexHtml: join(rendererDir, 'index.html'),
    })
  })

  it('uses the dev server URL when electron-vite gives one', () => {
    expect(resolveRendererLocation(mainDir, 'http://localhost:5173/')).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
      origin: 'http://localhost:5173',
    })
  })

  it('refuses a dev server URL that is not http(s)', () => {
    expect(() => resolveRendererLocation(mainDir, 'file:///etc/passwd')).toThrow(/http/)
  })
})

describe('isAppRendererUrl', () => {
  const built = resolveRendererLocation(mainDir)
  const dev = resolveRendererLocation(mainDir, 'http://localhost:5173')

  it('accepts the built pages, with a route in the hash', () => {
    const index = pathToFileURL(join(rendererDir, 'index.html')).href
    expect(isAppRendererUrl(built, index)).toBe(true)
    expect(isAppRendererUrl(built, `${index}#/proofs/P1`)).toBe(true)
  })

  it('refuses other files, traversal out of the renderer folder, and other schemes', () => {
    expect(isAppRendererUrl(built, pathToFileURL(resolve('/opt/proofwatch/out/main/index.js')).href)).toBe(false)
    expect(isAppRendererUrl(built, pathToFileURL(rendererDir).href + '/../main/index.js')).toBe(false)
    expect(isAppRendererUrl(built, pathToFileURL(rendererDir + '-evil/index.html').href)).toBe(false)
    expect(isAppRendererUrl(built, 'https://example.com/')).toBe(false)
    expect(isAppRendererUrl(built, 'not a url')).toBe(false)
  })

  it('accepts only the dev server origin in dev mode', () => {
    expect(isAppRendererUrl(dev, 'http://localhost:5173/#/settings')).toBe(true)
    expect(isAppRendererUrl(dev, 'http://localhost:5174/')).toBe(false)
    expect(isAppRendererUrl(dev, 'https://localhost:5173/')).toBe(false)
    expect(isAppRendererUrl(dev, pathToFileURL(join(rendererDir, 'index.html')).href)).toBe(false)
  })
})
