import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './content-security-policy'

describe('content security policy', () => {
  it('is the meta tag of index.html plus frame-ancestors', () => {
    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
    const meta = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/)![1]
    expect(contentSecurityPolicy()).toBe(`${meta}; frame-ancestors 'none'`)
  })

  it('adds extra sources to their directive only', () => {
    const policy = contentSecurityPolicy({ 'connect-src': ['ws://localhost:5173'] })
    expect(policy).toContain("connect-src 'self' ws://localhost:5173;")
    expect(policy).toContain("script-src 'self';")
  })
})
