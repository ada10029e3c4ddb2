import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { buildUrl, indexerKey, normalizeBaseUrl } from './url'

describe('normalizeBaseUrl and indexerKey', () => {
  it('gives equivalent base URLs the same key', () => {
    const key = indexerKey('http://127.0.0.1:8080')
    for (const variant of ['http://127.0.0.1:8080/', ' http://127.0.0.1:8080// ', 'HTTP://127.0.0.1:8080/#x']) {
      expect(indexerKey(variant)).toBe(key)
    }
    expect(indexerKey('https://Indexer.Example:443/api-root/')).toBe('https://indexer.example/api-root')
    expect(indexerKey('http://127.0.0.1:8081')).not.toBe(key)
  })

  it('refuses what is not an http(s) URL or carries credentials', () => {
    for (const bad of ['', 'not a url', 'ftp://host', 'ws://127.0.0.1:1/ws', 'http://user:pw@host']) {
      let caught: unknown
      try {
        normalizeBaseUrl(bad)
      } catch (error) {
        caught = error
      }
      expect(caught, bad).toBeInstanceOf(ProofWatchError)
      expect((caught as ProofWatchError).code).toBe('INVALID_ARGUMENT')
    }
  })
})

describe('buildUrl', () => {
  it('joins base URLs with or without trailing slash and path prefix', () => {
    expect(buildUrl('http://h:1', '/api/proofs')).toBe('http://h:1/api/proofs')
    expect(buildUrl('http://h:1/', '/api/proofs')).toBe('http://h:1/api/proofs')
    expect(buildUrl('http://h:1/prefix/', '/api/proofs')).toBe('http://h:1/prefix/api/proofs')
    expect(buildUrl('http://h:1/prefix', 'api/proofs')).toBe('http://h:1/prefix/api/proofs')
  })

  it('encodes path parameters', () => {
    expect(buildUrl('http://h:1', '/api/proofs/by-circuit/:circuitId', { circuitId: 'a b/c?d#e%f' })).toBe(
      'http://h:1/api/proofs/by-circuit/a%20b%2Fc%3Fd%23e%25f',
    )
  })

  it('refuses path parameters that URL parsing would resolve away', () => {
    for (const value of ['', '.', '..']) {
      expect(() => buildUrl('http://h:1', '/api/proofs/:id', { id: value })).toThrow(ProofWatchError)
    }
  })

  it('encodes query values and skips undefined, null and blank ones', () => {
    const url = buildUrl('http://h:1', '/api/transactions', {}, {
      pubkey: undefined,
      status: 'FAILED',
      type: '',
      cursor: 'a+b/c=',
      limit: 5,
      toDate: null,
      fromDate: '2026-11-21T00:00:00+01:00',
    })
    expect(url).toBe(
      'http://h:1/api/transactions?status=FAILED&cursor=a%2Bb%2Fc%3D&limit=5&fromDate=2026-11-21T00%3A00%3A00%2B01%3A00',
    )
    expect(new URL(url).searchParams.get('cursor')).toBe('a+b/c=')
  })
})
