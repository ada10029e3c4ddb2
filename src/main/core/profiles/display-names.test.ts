import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import type { PublicProfile } from '@shared/profiles'
import { DISPLAY_NAME_MAX_AGE_MS, DisplayNames } from './display-names'

const PUBKEY = 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu'

/** Metadata kept as the cache keeps it: JSON merged with json_patch (nested objects merged). */
function memoryMetadata() {
  let metadata: Record<string, unknown> = {}
  const merge = (into: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...into }
    for (const [key, value] of Object.entries(patch)) {
      const held = out[key]
      out[key] = typeof value === 'object' && value !== null && typeof held === 'object' && held !== null ? merge(held as Record<string, unknown>, value as Record<string, unknown>) : value
    }
    return out
  }
  return {
    metadata: () => JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>,
    updateMetadata: (patch: Record<string, unknown>) => void (metadata = merge(metadata, patch)),
  }
}

function setup() {
  let now = 1_000_000
  let answer: () => Promise<PublicProfile> = async () => ({ pubkey: PUBKEY, displayName: 'ref_tester', joinedAt: null, proofCount: '93' })
  const asked: string[] = []
  const names = new DisplayNames({
    client: {
      publicProfile: (pubkey) => {
        asked.push(pubkey)
        return answer()
      },
    },
    history: memoryMetadata(),
    clock: () => now,
  })
  return { names, asked, advance: (ms: number) => (now += ms), answer: (next: () => Promise<PublicProfile>) => (answer = next) }
}

describe('public display names', () => {
  it('asks the indexer at most once a day per address, and answers from the cache in between', async () => {
    const { names, asked, advance } = setup()
    expect(await names.get(PUBKEY)).toEqual({ pubkey: PUBKEY, displayName: 'ref_tester', readAt: 1_000_000 })
    advance(DISPLAY_NAME_MAX_AGE_MS - 1)
    expect((await names.get(PUBKEY)).displayName).toBe('ref_tester')
    expect(asked).toHaveLength(1)
    advance(1)
    await names.get(PUBKEY)
    expect(asked).toHaveLength(2)
  })

  it('asks once for reads at the same time', async () => {
    const { names, asked } = setup()
    await Promise.all([names.get(PUBKEY), names.get(PUBKEY), names.get(PUBKEY)])
    expect(asked).toHaveLength(1)
  })

  it('keeps "no such user" for a day, and answers the last name when the indexer fails', async () => {
    const { names, asked, advance, answer } = setup()
    await names.get(PUBKEY)
    advance(DISPLAY_NAME_MAX_AGE_MS)
    answer(() => Promise.reject(new ProofWatchError({ code: 'UNREACHABLE', message: 'connection refused', retryable: true })))
    expect(await names.get(PUBKEY)).toEqual({ pubkey: PUBKEY, displayName: 'ref_tester', readAt: 1_000_000 })
    answer(() => Promise.reject(new ProofWatchError({ code: 'NOT_FOUND', message: 'User not found', status: 404 })))
    expect((await names.get(PUBKEY)).displayName).toBeNull()
    await names.get(PUBKEY)
    expect(asked).toHaveLength(3)
  })

  it('refuses what is not an address before asking anyone', async () => {
    const { names, asked } = setup()
    await expect(names.get('not an address')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    expect(asked).toEqual([])
  })
})
