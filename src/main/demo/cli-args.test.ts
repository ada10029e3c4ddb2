import { describe, expect, it } from 'vitest'
import { DEMO_CLI_USAGE, parseDemoCliArgs } from './cli-args'

describe('parseDemoCliArgs', () => {
  it('defaults to port 8787, rate 2, seed 1 on 127.0.0.1', () => {
    expect(parseDemoCliArgs([])).toEqual({
      kind: 'run',
      options: { port: 8787, rate: 2, seed: 1, refuseCircuitChannel: false, pushAddressEvents: false },
    })
  })

  it('reads every option, spaced or with =', () => {
    expect(parseDemoCliArgs(['--port', '0', '--rate=0.5', '--seed', '-4', '--refuse-circuit-channel', '--push-address-events'])).toEqual({
      kind: 'run',
      options: { port: 0, rate: 0.5, seed: -4, refuseCircuitChannel: true, pushAddressEvents: true },
    })
    expect(parseDemoCliArgs(['--port=9000'])).toMatchObject({ options: { port: 9000 } })
  })

  it('shows the help', () => {
    expect(parseDemoCliArgs(['--port', '1', '--help'])).toEqual({ kind: 'help', text: DEMO_CLI_USAGE })
    expect(parseDemoCliArgs(['-h']).kind).toBe('help')
    expect(DEMO_CLI_USAGE).toContain('--refuse-circuit-channel')
    expect(DEMO_CLI_USAGE).toContain('--push-address-events')
  })

  it.each([
    [['--port'], '--port needs an integer from 0 to 65535'],
    [['--port', '65536'], '--port needs an integer from 0 to 65535'],
    [['--port', '80.5'], '--port needs an integer from 0 to 65535'],
    [['--rate', '-1'], '--rate needs a number >= 0'],
    [['--rate', 'fast'], '--rate needs a number >= 0'],
    [['--rate', ''], '--rate needs a number >= 0'],
    [['--seed', 'abc'], '--seed needs an integer'],
    [['--host', '127.0.0.1'], 'unknown argument: --host'],
    [['--refuse-circuit-channel=yes'], '--refuse-circuit-channel takes no value'],
    [['--push-address-events=1'], '--push-address-events takes no value'],
    [['--verbose'], 'unknown argument: --verbose'],
    [['8787'], 'unknown argument: 8787'],
  ])('rejects %j', (argv, message) => {
    expect(parseDemoCliArgs(argv)).toEqual({ kind: 'error', message })
  })
})
