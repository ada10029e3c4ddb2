import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isAppRendererUrl, resolveRendererLocation } from './renderer-location'

const mainDir = resolve('/opt/proofwatch/out/main')
const rendererDir = resolve('/opt/proofwatch/out/renderer')

describe('resolveRendererLocation', () => {
  it('serves the built renderer next to out/main on app://proofwatch/ without a dev server', () => {
    expect(resolveRendererLocation(mainDir)).toEqual({
      kind: 'app-scheme',
      url: 'app://proofwatch/index.html',
      origin: 'app://proofwatch',
      directory: rendererDir,
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

  it('accepts the app scheme pages, with a route in the hash', () => {
    expect(isAppRendererUrl(built, 'app://proofwatch/index.html')).toBe(true)
    expect(isAppRendererUrl(built, 'app://proofwatch/index.html?x=1')).toBe(true)
    expect(isAppRendererUrl(built, 'app://proofwatch/index.html#/proofs/P1')).toBe(true)
    expect(isAppRendererUrl(built, 'app://proofwatch/')).toBe(true)
  })

  it('refuses file:// (also the renderer folder itself), other hosts, credentials in the URL and other schemes', () => {
    expect(isAppRendererUrl(built, pathToFileURL(join(rendererDir, 'index.html')).href)).toBe(false)
    expect(isAppRendererUrl(built, 'app://proofwatch.evil/index.html')).toBe(false)
    expect(isAppRendererUrl(built, 'app://proofwatch/sign-in.html')).toBe(false)
    expect(isAppRendererUrl(built, 'app://proofwatch/assets/index.js')).toBe(false)
    expect(isAppRendererUrl(built, 'app://evil/index.html')).toBe(false)
    expect(isAppRendererUrl(built, 'app://user@proofwatch/index.html')).toBe(false)
    expect(isAppRendererUrl(built, 'apps://proofwatch/index.html')).toBe(false)
    expect(isAppRendererUrl(built, 'https://proofwatch/index.html')).toBe(false)
    expect(isAppRendererUrl(built, 'https://example.com/')).toBe(false)
    expect(isAppRendererUrl(built, 'not a url')).toBe(false)
  })

  it('accepts only the dev server origin in dev mode', () => {
    expect(isAppRendererUrl(dev, 'http://localhost:5173/#/settings')).toBe(true)
    expect(isAppRendererUrl(dev, 'http://localhost:5174/')).toBe(false)
    expect(isAppRendererUrl(dev, 'https://localhost:5173/')).toBe(false)
    expect(isAppRendererUrl(dev, 'app://proofwatch/index.html')).toBe(false)
  })
})
