import { describe, expect, it } from 'vitest'
import { consoleLogger } from './log'

describe('console logger', () => {
  it('writes one timestamped line per entry with its details as JSON', () => {
    const lines: string[] = []
    const log = consoleLogger('proofwatch-serve', (line) => lines.push(line))
    log.info('indexer HTTP ok')
    log.warn('live feed problem', { code: 'DECODE', message: 'bad' })
    log.error('failed', new Error('boom'))
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+Z proofwatch-serve info indexer HTTP ok$/)
    expect(lines[1]).toContain('warn live feed problem {"code":"DECODE","message":"bad"}')
    expect(lines[2]).toContain('error failed {"name":"Error","message":"boom"}')
  })
})
