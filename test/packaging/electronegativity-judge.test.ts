/**
 * The verdict rules of scripts/electronegativity.mjs (the audit itself runs
 * as its own step of `npm test`): a finding above informational fails unless
 * justified, a justification must still match a finding, and an unparsed
 * file fails.
 */
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

interface Finding {
  id: string
  file: string
  level: number
}
interface Verdict {
  ok: boolean
  unjustified: Finding[]
  stale: Array<{ id: string; file: string }>
}
interface AuditScript {
  JUSTIFIED: Array<{ id: string; file: string; why: string }>
  judge(report: { findings: Finding[]; parseErrors: unknown[] }): Verdict
}

let script: AuditScript

beforeAll(async () => {
  const path = join(resolve(import.meta.dirname, '..', '..'), 'scripts', 'electronegativity.mjs')
  script = (await import(pathToFileURL(path).href)) as AuditScript
})

const justifiedFindings = () => script.JUSTIFIED.map(({ id, file }) => ({ id, file, level: 1 }))

describe('electronegativity verdict', () => {
  it('passes when every finding above informational is justified, informational ones aside', () => {
    const verdict = script.judge({ findings: [...justifiedFindings(), { id: 'ELECTRON_VERSION_JSON_CHECK', file: 'package.json', level: 0 }], parseErrors: [] })
    expect(verdict).toMatchObject({ ok: true, unjustified: [], stale: [] })
  })

  it('fails on a finding nobody justified', () => {
    const extra = { id: 'NODE_INTEGRATION_JS_CHECK', file: 'src/main/electron/window.ts', level: 3 }
    const verdict = script.judge({ findings: [...justifiedFindings(), extra], parseErrors: [] })
    expect(verdict.ok).toBe(false)
    expect(verdict.unjustified).toEqual([extra])
  })

  it('fails on a justification that no longer matches a finding, and on an unparsed file', () => {
    const [first, ...rest] = justifiedFindings()
    expect(script.judge({ findings: rest, parseErrors: [] })).toMatchObject({ ok: false, stale: [{ id: first!.id, file: first!.file }] })
    expect(script.judge({ findings: justifiedFindings(), parseErrors: [{ file: 'x.ts', message: 'Unexpected token' }] }).ok).toBe(false)
  })

  it('says why each justified finding stays', () => {
    for (const entry of script.JUSTIFIED) expect(entry.why.length).toBeGreaterThan(80)
  })
})
