import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, devServerSources, metaContentSecurityPolicy } from './content-security-policy'

describe('content security policy', () => {
  it('is the meta tag of index.html plus frame-ancestors', () => {
    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
    const meta = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/)![1]
    expect(contentSecurityPolicy()).toBe(`${meta}; frame-ancestors 'none'`)
    expect(metaContentSecurityPolicy()).toBe(meta)
  })

  it('adds extra sources to their directive only', () => {
    const policy = contentSecurityPolicy({ 'connect-src': ['ws://localhost:5173'] })
    expect(policy).toContain("connect-src 'self' ws://localhost:5173;")
    expect(policy).toContain("script-src 'self';")
  })

  it('lets the dev server inject styles and reload, and nothing else', () => {
    const policy = contentSecurityPolicy(devServerSources('http://localhost:5173'))
    expect(policy).toContain("style-src 'self' http://localhost:5173 'unsafe-inline';")
    expect(policy).toContain("connect-src 'self' http://localhost:5173 ws://localhost:5173;")
    expect(policy).toContain("script-src 'self' http://localhost:5173;")
    expect(policy).not.toContain('unsafe-eval')
  })
})
