import { describe, expect, it } from 'vitest'
import { SocketHeartbeat } from './socket-heartbeat'
import { resolveSocketTiming } from './socket-defaults'

function heartbeat() {
  const notes: string[] = []
  const pings: string[] = []
  let traffic = 0
  const beat = new SocketHeartbeat(
    resolveSocketTiming({ pongTimeoutMs: 60_000 }),
    {
      current: () => true,
      open: () => true,
      ping: (payload) => void pings.push(payload),
      keepAlive: () => {},
      traffic: () => traffic,
      dead: () => {},
      latency: () => {},
      note: (message) => void notes.push(message),
    },
  )
  return { beat, notes, pings, arrive: () => traffic++ }
}

describe('SocketHeartbeat', () => {
  it('says once when pings go unanswered while other traffic flows, and when pongs come back', () => {
    const { beat, notes, pings, arrive } = heartbeat()
    for (let round = 0; round < 60; round++) {
      arrive()
      beat.checkAlive()
    }
    expect(notes).toEqual(['live socket: 3 pings in a row got no pong; the connection is kept while other traffic arrives'])
    beat.pong(pings.at(-1)!)
    expect(notes.at(-1)).toBe('live socket: pongs again after 59 unanswered pings')
    beat.stop()
  })

  it('says nothing while pings are answered', () => {
    const { beat, notes, pings } = heartbeat()
    for (let round = 0; round < 10; round++) {
      beat.checkAlive()
      beat.pong(pings.at(-1)!)
    }
    expect(notes).toEqual([])
    beat.stop()
  })
})
