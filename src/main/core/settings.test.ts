import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { applySettingsPatch, deriveWsUrl, DEFAULT_SETTINGS } from './settings'

describe('settings', () => {
  it('accepts http(s) indexer and ws(s) socket URLs', () => {
    const next = applySettingsPatch(DEFAULT_SETTINGS, { indexerUrl: ' https://indexer.example/ ', wsUrl: 'wss://indexer.example/ws' })
    expect(next).toEqual({ indexerUrl: 'https://indexer.example', wsUrl: 'wss://indexer.example/ws' })
  })

  it.each([
    [{ indexerUrl: 'ftp://x' }, /must start with http:\/\/ or https:\/\//],
    [{ indexerUrl: 'not a url' }, /not a URL/],
    [{ indexerUrl: 'http://a', wsUrl: 'http://a/ws' }, /ws:\/\/ or wss:\/\//],
    [{ indexerUrl: 'http://user:pw@a' }, /credentials/],
    [{ wsUrl: 'ws://a/ws' }, /needs an indexer URL/],
  ])('rejects %j with a clear message', (patch, message) => {
    const attempt = () => applySettingsPatch(DEFAULT_SETTINGS, patch)
    expect(attempt).toThrow(ProofWatchError)
    expect(attempt).toThrow(message)
  })

  it('treats blank values as the demo indexer', () => {
    const next = applySettingsPatch({ indexerUrl: 'http://a', wsUrl: 'ws://a/ws' }, { indexerUrl: '', wsUrl: '' })
    expect(next).toEqual(DEFAULT_SETTINGS)
  })

  it('derives the socket URL from the indexer URL', () => {
    expect(deriveWsUrl('http://127.0.0.1:8787')).toBe('ws://127.0.0.1:8787/ws')
    expect(deriveWsUrl('https://host/base/')).toBe('wss://host/base/ws')
  })
})
