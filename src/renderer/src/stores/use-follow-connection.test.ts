import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick, shallowRef, type EffectScope } from 'vue'
import type { ErrorInfo } from '@shared/domain'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection } from '@test/support/renderer/fixtures'
import { setupStores } from '@test/support/renderer/store-setup'
import { useConnectionStore } from './connection'
import { useFollowConnection, type UseFollowConnectionOptions } from './use-follow-connection'

let bridge: FakeBridge
let scope: EffectScope

beforeEach(async () => {
  bridge = setupStores().bridge
  bridge.handle('getConnection', () => makeConnection({ http: 'ok' }))
  await useConnectionStore().start()
  scope = effectScope()
})

afterEach(() => {
  scope.stop()
})

/** A follower that counts what it was asked to do. */
function follow(error: ErrorInfo | null, options?: UseFollowConnectionOptions) {
  const asked: string[] = []
  const follower = {
    error: shallowRef(error),
    retry: () => {
      asked.push('retry')
      return Promise.resolve()
    },
    restart: () => {
      asked.push('restart')
      return Promise.resolve()
    },
  }
  scope.run(() => useFollowConnection(follower, options))
  return asked
}

async function outageThenRecovery(): Promise<void> {
  bridge.emit('connection', makeConnection({ http: 'unreachable' }))
  bridge.emit('connection', makeConnection({ http: 'ok' }))
  await nextTick()
}

describe('useFollowConnection', () => {
  it('repeats a failure the outage may have caused once the indexer is back', async () => {
    const asked = follow({ code: 'UNREACHABLE', message: 'down' })
    await outageThenRecovery()
    expect(asked).toEqual(['retry'])
  })

  it('leaves alone what did not fail, and failures an outage does not cause', async () => {
    const untouched = [follow(null), follow({ code: 'NOT_FOUND', message: 'gone' }), follow({ code: 'INVALID_ARGUMENT', message: 'bad' })]
    await outageThenRecovery()
    expect(untouched).toEqual([[], [], []])
  })

  it('asks again after every outage when told to refresh', async () => {
    const asked = follow(null, { refreshAfterOutage: true })
    await outageThenRecovery()
    await outageThenRecovery()
    expect(asked).toEqual(['retry', 'retry'])
  })

  it('starts over when another indexer is configured', async () => {
    const asked = follow(null)
    bridge.emit('connection', makeConnection({ demo: false, httpUrl: 'https://indexer.example' }))
    await nextTick()
    expect(asked).toEqual(['restart'])
  })
})
