import { describe, expect, it } from 'vitest'
import { PacedHandoff } from './paced-handoff'

/** Turns of the loop run by hand. */
function manualTurns() {
  const due: Array<() => void> = []
  return {
    schedule: (run: () => void) => {
      due.push(run)
      return run
    },
    cancel: (handle: unknown) => {
      const index = due.indexOf(handle as () => void)
      if (index >= 0) due.splice(index, 1)
    },
    /** Runs what is due now; what that schedules waits for the next turn. */
    turn: () => due.splice(0).forEach((run) => run()),
    get pending() {
      return due.length
    },
  }
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index)

describe('PacedHandoff', () => {
  it('hands a few items on at once, as they came', () => {
    const turns = manualTurns()
    const handed: Array<[number[], string]> = []
    const handoff = new PacedHandoff<number, string>((items, meta) => handed.push([items, meta]), { partItems: 4, ...turns })
    handoff.push([1, 2, 3], 'live')
    expect(handed).toEqual([[[1, 2, 3], 'live']])
    expect(turns.pending).toBe(0)
  })

  it('hands many on a part a turn, the first at once, and later items behind them in order', () => {
    const turns = manualTurns()
    const handed: Array<[number[], string]> = []
    const handoff = new PacedHandoff<number, string>((items, meta) => handed.push([items, meta]), { partItems: 4, ...turns })
    handoff.push(range(0, 10), 'backfill')
    expect(handed).toEqual([[[0, 1, 2, 3], 'backfill']])
    // A live item while parts wait: it goes after them.
    handoff.push([100], 'live')
    turns.turn()
    expect(handed.length).toBe(2)
    turns.turn()
    turns.turn()
    expect(handed).toEqual([
      [[0, 1, 2, 3], 'backfill'],
      [[4, 5, 6, 7], 'backfill'],
      [[8, 9], 'backfill'],
      [[100], 'live'],
    ])
    expect(turns.pending).toBe(0)
  })

  it('holds a part back, a turn at a time, while it may not go on, and keeps the order', () => {
    const turns = manualTurns()
    const handed: number[][] = []
    let room = false
    const handoff = new PacedHandoff<number, null>((items) => handed.push(items), { partItems: 4, mayGoOn: () => room, ...turns })
    handoff.push(range(0, 6), null)
    expect(handed).toEqual([])
    turns.turn()
    turns.turn()
    expect(handed).toEqual([])
    room = true
    turns.turn()
    expect(handed).toEqual([range(0, 4)])
    turns.turn()
    expect(handed).toEqual([range(0, 4), range(4, 2)])
    expect(turns.pending).toBe(0)
  })

  it('hands on everything waiting at once when drained, and nothing twice', () => {
    const turns = manualTurns()
    const handed: number[] = []
    const handoff = new PacedHandoff<number, null>((items) => handed.push(...items), { partItems: 4, ...turns })
    handoff.push(range(0, 10), null)
    handoff.drain()
    expect(handed).toEqual(range(0, 10))
    turns.turn()
    expect(handed).toEqual(range(0, 10))
  })

  it('goes on with the next parts when a handler throws', () => {
    const turns = manualTurns()
    const handed: number[] = []
    const handoff = new PacedHandoff<number, null>(
      (items) => {
        if (items[0] === 0) throw new Error('bad part')
        handed.push(...items)
      },
      { partItems: 4, ...turns },
    )
    expect(() => handoff.push(range(0, 10), null)).toThrow('bad part')
    turns.turn()
    turns.turn()
    expect(handed).toEqual(range(4, 6))
  })
})
