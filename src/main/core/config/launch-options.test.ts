import { describe, expect, it } from 'vitest'
import { parseLaunchOptions } from './launch-options'

const ADDRESS_A = 'A'.repeat(32)
const ADDRESS_B = 'B'.repeat(44)

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

  it('takes a wallet and repeated --watch addresses, checked', () => {
    expect(parseLaunchOptions(['--wallet', ADDRESS_A, '--watch', ADDRESS_A, '--watch=' + ADDRESS_B], {})).toEqual({
      wallet: ADDRESS_A,
      watch: [ADDRESS_A, ADDRESS_B],
    })
    expect(() => parseLaunchOptions(['--watch', 'short'], {})).toThrow(/--watch address/)
    expect(() => parseLaunchOptions(['--wallet', '0'.repeat(40)], {})).toThrow(/--wallet address/)
  })

  it('takes --push-address-events, a flag without a value, for the built-in demo', () => {
    expect(parseLaunchOptions(['--push-address-events', '--port', '0'], {})).toEqual({ pushAddressEvents: true, port: 0 })
    expect(parseLaunchOptions([], {})).toEqual({})
  })

  it('reads the credential from the environment only, never from a flag', () => {
    expect(parseLaunchOptions([], { PROOFWATCH_CREDENTIAL: 'cookie:s=abc' })).toEqual({ credential: 'cookie:s=abc' })
    expect(() => parseLaunchOptions(['--credential', 'bearer:t'], {})).toThrow(/PROOFWATCH_CREDENTIAL/)
    const malformed = () => parseLaunchOptions([], { PROOFWATCH_CREDENTIAL: 'password-in-clear' })
    expect(malformed).toThrow(/cookie:|bearer:/)
    expect(malformed).not.toThrow(/password-in-clear/)
    expect(() => parseLaunchOptions(['--credential', 'bearer:t'], {}, { strict: false })).toThrow(/PROOFWATCH_CREDENTIAL/)
  })

  it('lets Electron switches through when not strict', () => {
    expect(parseLaunchOptions(['--no-sandbox', '--indexer', 'http://a'], {}, { strict: false })).toEqual({ indexerUrl: 'http://a' })
  })

  it('pins the built-in demo’s port with --demo-port or PROOFWATCH_DEMO_PORT', () => {
    expect(parseLaunchOptions(['--demo-port', '8787'], {})).toEqual({ demoPort: 8787 })
    expect(parseLaunchOptions(['--demo-port=0'], { PROOFWATCH_DEMO_PORT: '9000' })).toEqual({ demoPort: 0 })
    expect(parseLaunchOptions([], { PROOFWATCH_DEMO_PORT: '9000' })).toEqual({ demoPort: 9000 })
    expect(() => parseLaunchOptions(['--demo-port', '70000'], {})).toThrow(/Port must be 0–65535/)
  })
})
