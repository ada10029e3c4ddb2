import { describe, expect, it } from 'vitest'
import { parseLaunchOptions } from './launch-options'

describe('launch options', () => {
  it('reads flags, with flags winning over the environment', () => {
    const options = parseLaunchOptions(
      ['--indexer', 'http://127.0.0.1:8787', '--ws=ws://127.0.0.1:8787/ws', '--port', '0'],
      { PROOFWATCH_INDEXER_URL: 'http://env', PROOFWATCH_DATA_DIR: '/tmp/pw' },
    )
    expect(options).toEqual({ indexerUrl: 'http://127.0.0.1:8787', wsUrl: 'ws://127.0.0.1:8787/ws', port: 0, dataDir: '/tmp/pw' })
  })

  it('rejects unknown flags, missing values and bad ports in strict mode', () => {
    expect(() => parseLaunchOptions(['--indexr', 'x'], {})).toThrow(/Unknown option --indexr/)
    expect(() => parseLaunchOptions(['--indexer'], {})).toThrow(/needs a value/)
    expect(() => parseLaunchOptions(['--port', '70000'], {})).toThrow(/Port must be/)
    expect(() => parseLaunchOptions([], { PROOFWATCH_PORT: 'abc' })).toThrow(/Port must be/)
  })

  it('checks URLs as Settings does', () => {
    expect(() => parseLaunchOptions(['--indexer', 'http://a', '--ws', 'http://a/ws'], {})).toThrow(/ws:\/\/ or wss:\/\//)
    expect(() => parseLaunchOptions([], { PROOFWATCH_INDEXER_URL: 'ftp://a' })).toThrow(/http:\/\/ or https:\/\//)
    expect(() => parseLaunchOptions(['--ws', 'ws://a/ws'], {})).toThrow(/needs an indexer URL/)
    expect(parseLaunchOptions(['--indexer', 'http://a/'], {})).toEqual({ indexerUrl: 'http://a' })
  })

  it('lets Electron switches through when not strict', () => {
    expect(parseLaunchOptions(['--no-sandbox', '--indexer', 'http://a'], {}, { strict: false })).toEqual({ indexerUrl: 'http://a' })
  })
})
