import { afterEach, describe, expect, it } from 'vitest'
import type { ErrorInfo, LeaderboardEntry, Series, SeriesQuery } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { waitFor } from '@test/support/wait-for'
import { Poller } from './poller'
import { StatsPolls, type StatsSource } from './stats-polls'

const pollers: Poller[] = []
afterEach(() => pollers.splice(0).forEach((p) => p.stop()))

function series(query: SeriesQuery, value: number): Series {
  return { metric: query.metric, serverMetric: 'proofs24h', period: query.period, points: [{ t: 1, value }] }
}

function setup(source: StatsSource) {
  const poller = new Poller({ random: () => 0 })
  pollers.push(poller)
  const delivered: Series[] = []
  const boards: LeaderboardEntry[][] = []
  const problems: ErrorInfo[] = []
  const polls = new StatsPolls({
    source,
    poller,
    intervals: { seriesMs: 5, leaderboardMs: 5 },
    onSeries: (s) => delivered.push(s),
    onLeaderboard: (_q, entries) => boards.push(entries),
    onProblem: (p) => problems.push(p),
  })
  const pollsOf = (key: string) => poller.states().find((s) => s.key === key)?.polls ?? 0
  return { poller, polls, delivered, boards, problems, pollsOf }
}

describe('StatsPolls', () => {
  it('hands on a series only when it changed', async () => {
    let value = 1
    const { polls, delivered, pollsOf } = setup({
      series: async (query) => series(query, value),
      leaderboard: async () => [],
    })
    polls.followSeries([{ metric: 'proofs', period: '24h' }])
    await waitFor(() => pollsOf('series:proofs:24h') >= 4)
    expect(delivered.map((s) => s.points[0]?.value)).toEqual([1])
    value = 2
    await waitFor(() => delivered.length === 2)
    expect(delivered[1]?.points[0]?.value).toBe(2)
  })

  it('follows exactly the series asked for', async () => {
    const { poller, polls } = setup({ series: async (q) => series(q, 1), leaderboard: async () => [] })
    polls.followSeries([
      { metric: 'proofs', period: '24h' },
      { metric: 'tps', period: '7d' },
    ])
    polls.followSeries([{ metric: 'tps', period: '7d' }])
    expect(poller.states().map((s) => s.key)).toEqual(['series:tps:7d'])
    polls.setIntervals({ seriesMs: 50 })
    expect(poller.states()[0]?.intervalMs).toBe(50)
  })

  it('reports the first failure of a run once, and again after a recovery', async () => {
    let failing = true
    const { polls, problems, boards, pollsOf } = setup({
      series: async (q) => series(q, 1),
      leaderboard: async () => {
        if (failing) throw new ProofWatchError({ code: 'RATE_LIMITED', status: 429, message: 'Rate limit exceeded' })
        return []
      },
    })
    polls.followLeaderboard({ period: '24h' })
    await waitFor(() => pollsOf('leaderboard') >= 3)
    expect(problems).toEqual([{ code: 'RATE_LIMITED', status: 429, retryable: false, message: 'Polling the leaderboard failed: Rate limit exceeded' }])
    failing = false
    await waitFor(() => boards.length === 1)
    failing = true
    await waitFor(() => problems.length === 2)
  })
})
