/**
 * The reference deployment's recorded notification-list answers through the
 * decoders, as cases of the wire-samples test (used by tests only).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { subjectOfNotification } from '../../src/main/core/indexer/notification-subject'
import { decodeErrorBody } from '../../src/main/core/indexer/decode-errors'
import { decodeNotificationPage } from '../../src/main/core/indexer/decode-records'

const SAMPLES = join(import.meta.dirname, '../fixtures/wire-samples')

interface NotificationSample {
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
}

function load(name: string): NotificationSample {
  return JSON.parse(readFileSync(join(SAMPLES, name), 'utf8')) as NotificationSample
}

export const NOTIFICATION_HTTP_CASES: Record<string, () => void> = {
  'http-notifications-list-limit5.json': () => {
    const page = decodeNotificationPage(load('http-notifications-list-limit5.json').body, 0)
    expect(page.nextCursor).toBe('Y213djFicGJhYjR6dTNpbzQwbGg5NmQyOA')
    expect(page.total).toBe('495')
    expect(page.items.map((item) => [item.kind, item.read, item.receivedAt])).toContainEqual(['PROOF_REVOKED', false, Date.parse('2026-11-24T18:35:21.958Z')])
    // data.url names the subject; a revocation the reference sent without one names nothing.
    expect(page.items.map((item) => subjectOfNotification(item))).toEqual([
      { kind: 'proof', id: '5pL8c4SS8caMgutdaWU7VDbYfTM1mtZe8Afd1DLs5jZJ' },
      { kind: 'proof', id: 'GtMtaFXozSbxnmMXJsJUcdXYK3qoikxST4WBJz9M9H96' },
      { kind: 'address', id: 'AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz' },
      { kind: 'proof', id: 'G4dNNmX2DZWDXQgGab6buzc6x8mzm5PUL3aN8FBvZh6' },
      null,
    ])
    // read and createdAt are decoded, not left over as unknown fields.
    expect(page.items[0]!.extra).toEqual({ data: { url: 'https://app.zkhelios.app/explorer/proof/5pL8c4SS8caMgutdaWU7VDbYfTM1mtZe8Afd1DLs5jZJ' } })
  },
  'http-notifications-list-limit5-page2.json': () => {
    const page = decodeNotificationPage(load('http-notifications-list-limit5-page2.json').body, 0)
    expect(page.items).toHaveLength(5)
    expect(page.items[0]).toMatchObject({ id: 'cmwv1bpb6b4zrdrz9vf561g1i', kind: 'PROOF_VERIFIED', title: 'Proof verified ✓', read: false })
  },
  'http-notifications-list-no-cookie-401.json': () => {
    const sample = load('http-notifications-list-no-cookie-401.json')
    expect(decodeErrorBody(sample.status, JSON.stringify(sample.body), sample.headers['content-type'] ?? null)).toMatchObject({ status: 401, serverCode: 'AUTH_UNAUTHORIZED' })
  },
  'http-notifications-read-one.json': () => {
    expect(load('http-notifications-read-one.json').body).toEqual({ ok: true })
  },
  'http-notifications-read-unknown-404.json': () => {
    // Named 404 by its recorder, yet the reference answers an unknown id with 200 { ok: true }.
    const sample = load('http-notifications-read-unknown-404.json')
    expect([sample.status, sample.body]).toEqual([200, { ok: true }])
  },
}
