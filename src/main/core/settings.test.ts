import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { applySettingsPatch, deriveWsUrl, DEFAULT_SETTINGS, settingsFromStored } from './settings'
import type { Logger } from './log'

function recordingLogger() {
  const warnings: string[] = []
  const log: Logger = { info() {}, warn: (m) => warnings.push(m), error() {} }
  return { log, warnings }
}

describe('settings', () => {
  it('accepts http(s) indexer and ws(s) socket URLs, and saving a URL means watching it', () => {
    const next = applySettingsPatch(DEFAULT_SETTINGS, { indexerUrl: ' https://indexer.example/ ', wsUrl: 'wss://indexer.example/ws' })
    expect(next).toEqual({ indexerUrl: 'https://indexer.example', wsUrl: 'wss://indexer.example/ws', useDemo: false })
  })

  it.each([
    [{ indexerUrl: 'ftp://x' }, /must start with http:\/\/ or https:\/\//],
    [{ indexerUrl: 'not a url' }, /not a URL/],
    [{ indexerUrl: 'http://a', wsUrl: 'http://a/ws' }, /ws:\/\/ or wss:\/\//],
    [{ indexerUrl: 'http://user:pw@a' }, /credentials/],
    [{ wsUrl: 'ws://a/ws' }, /needs an indexer URL/],
    [{ useDemo: false }, /give its URL/],
  ])('rejects %j with a clear message', (patch, message) => {
    const attempt = () => applySettingsPatch(DEFAULT_SETTINGS, patch)
    expect(attempt).toThrow(ProofWatchError)
    expect(attempt).toThrow(message)
  })

  it('keeps the indexer URL in the form the client asks it, so Settings shows what is used', () => {
    const next = applySettingsPatch(DEFAULT_SETTINGS, { indexerUrl: 'https://h/indexer/?a=1#x', wsUrl: 'wss://h/ws?v=2#y' })
    expect(next).toMatchObject({ indexerUrl: 'https://h/indexer', wsUrl: 'wss://h/ws?v=2' })
  })

  it('treats blank URLs as the demo indexer', () => {
    const next = applySettingsPatch({ indexerUrl: 'http://a', wsUrl: 'ws://a/ws', useDemo: false }, { indexerUrl: '', wsUrl: '' })
    expect(next).toEqual(DEFAULT_SETTINGS)
  })

  it('switches to the demo and back without losing the saved indexer', () => {
    const mine = { indexerUrl: 'http://a', wsUrl: null, useDemo: false }
    const demo = applySettingsPatch(mine, { useDemo: true })
    expect(demo).toEqual({ indexerUrl: 'http://a', wsUrl: null, useDemo: true })
    expect(applySettingsPatch(demo, { useDemo: false })).toEqual(mine)
  })

  it('derives the socket URL from the indexer URL', () => {
    expect(deriveWsUrl('http://127.0.0.1:8787')).toBe('ws://127.0.0.1:8787/ws')
    expect(deriveWsUrl('https://host/base/')).toBe('wss://host/base/ws')
  })
})

describe('settingsFromStored', () => {
  it('reads what a store saved, and older files without useDemo', () => {
    const { log, warnings } = recordingLogger()
    expect(settingsFromStored({ indexerUrl: 'http://a', wsUrl: null, useDemo: true }, log)).toEqual({
      indexerUrl: 'http://a',
      wsUrl: null,
      useDemo: true,
    })
    expect(settingsFromStored({ indexerUrl: 'http://a' }, log)).toEqual({ indexerUrl: 'http://a', wsUrl: null, useDemo: false })
    expect(warnings).toEqual([])
  })

  it.each([null, 'text', { indexerUrl: 'ftp://x' }, { wsUrl: 'ws://a/ws' }, { useDemo: false }])(
    'falls back to the demo with a warning for %j',
    (stored) => {
      const { log, warnings } = recordingLogger()
      const settings = settingsFromStored(stored, log)
      expect(settings).toEqual(DEFAULT_SETTINGS)
      if (stored !== null && typeof stored === 'object') expect(warnings).toHaveLength(1)
    },
  )

  it('drops values of the wrong type', () => {
    const { log } = recordingLogger()
    expect(settingsFromStored({ indexerUrl: 42, wsUrl: ['x'], useDemo: 'yes' }, log)).toEqual(DEFAULT_SETTINGS)
  })
})
