import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '../../test/support/temp-folder'
import { Fixtures } from './context'

function tempDir(): string {
  return tempFolder('proofwatch-fixtures-test-')
}

describe('Fixtures kept between runs', () => {
  it('reuses a kept cache while its sources are unchanged, and makes a new one (dropping the old) when they change', () => {
    const kept = tempDir()
    const source = join(tempDir(), 'records.ts')
    writeFileSync(source, 'one')
    const logs: string[] = []
    const first = new Fixtures(tempDir(), 50, (line) => logs.push(line), { dir: kept, sources: [source] }).cacheFile()
    const madeAt = statSync(first).mtimeMs
    const again = new Fixtures(tempDir(), 50, (line) => logs.push(line), { dir: kept, sources: [source] }).cacheFile()
    expect(again).toBe(first)
    expect(statSync(again).mtimeMs).toBe(madeAt)
    expect(logs.some((line) => line.includes('reusing'))).toBe(true)

    writeFileSync(source, 'two')
    const changed = new Fixtures(tempDir(), 50, () => {}, { dir: kept, sources: [source] }).cacheFile()
    expect(changed).not.toBe(first)
    expect(existsSync(first)).toBe(false)
    expect(readdirSync(kept).filter((file) => file.endsWith('.sqlite'))).toHaveLength(1)
  })

  it('makes fixtures in the run’s own directory when none are kept', () => {
    const run = tempDir()
    const path = new Fixtures(run, 50, () => {}).cacheFile()
    expect(path.startsWith(run)).toBe(true)
  })
})
