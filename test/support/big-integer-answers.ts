/**
 * The reference's recorded answers with integers above 2^53 written as bare
 * JSON numbers (what JSON.parse would round): for the tests that follow
 * such values from a real HTTP indexer to what the page shows.
 */
import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { HostileIndexer } from '../hostile/hostile-indexer'

/** 2^53 + 1, 2^53 + 2, 2^53 + 3: each rounds to an even neighbour as a double. */
export const ABOVE_2_53: readonly [string, string, string] = ['9007199254740993', '9007199254740994', '9007199254740995']
/** 2^64 − 1. */
export const U64_MAX = '18446744073709551615'

const SAMPLES = join(import.meta.dirname, '../fixtures/wire-samples')

function sampleBody(name: string): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(SAMPLES, `${name}.json`), 'utf8')) as { body: Record<string, unknown> }).body
}

/** `bare(digits)` marks a value to be written as a bare number in the JSON text. */
const bare = (digits: string) => `@@${digits}@@`
const text = (body: unknown) => JSON.stringify(body).replace(/"@@(\d+)@@"/g, '$1')

function send(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
  response.end(body)
}

export interface BigIntegerRecords {
  /** Proof accounts, newest (highest slot) first. */
  proofAccounts: string[]
  /** Transaction signatures, newest first. */
  signatures: string[]
}

/**
 * Makes `indexer` answer the overview, leaderboard, proofs and transactions
 * (list and detail) with integers above 2^53 as bare numbers; with
 * `longText`, also a field named by it and free text (a circuit name, an
 * error message, a log line, a field value) made of it.
 */
export function answerWithBigIntegers(indexer: HostileIndexer, longText?: string): BigIntegerRecords {
  const overview = {
    ok: true,
    stats: {
      tps: 2505,
      slot: bare(ABOVE_2_53[0]),
      totalProofs: bare(U64_MAX),
      proofs24h: bare(ABOVE_2_53[0]),
      avgVerifyTimeMs: 447,
      activeUsers24h: bare(U64_MAX),
      rpcLatencyMs: 79,
      status: 'online',
      ...(longText === undefined ? {} : { [longText]: 1, memo: longText }),
    },
  }
  const board = sampleBody('http-stats-leaderboard') as { leaderboard: Array<Record<string, unknown>> }
  board.leaderboard = board.leaderboard.slice(0, 2).map((entry, index) => ({ ...entry, proofCount: bare(index === 0 ? U64_MAX : ABOVE_2_53[0]) }))

  const proofs = sampleBody('http-proofs-list-default') as { items: Array<Record<string, unknown>> }
  proofs.items = proofs.items.slice(0, 3).map((item, index) => ({
    ...item,
    slotVerified: bare(ABOVE_2_53[2 - index]!),
    ...(longText === undefined ? {} : { circuitName: longText, publicInputs: { [longText]: longText } }),
  }))
  Object.assign(proofs, { nextCursor: null, total: bare(ABOVE_2_53[0]) })

  const transactions = sampleBody('http-transactions-list-default') as { items: Array<Record<string, unknown>> }
  transactions.items = transactions.items.slice(0, 3).map((item, index) => ({
    ...item,
    slot: bare(ABOVE_2_53[2 - index]!),
    fee: bare(index === 0 ? ABOVE_2_53[0] : U64_MAX),
    computeUnits: bare(U64_MAX),
  }))
  Object.assign(transactions, { nextCursor: null, total: bare(U64_MAX) })
  const detail = sampleBody('http-transactions-detail') as { transaction: Record<string, unknown> }
  detail.transaction = {
    ...detail.transaction,
    ...transactions.items[0],
    ...(longText === undefined ? {} : { errorMessage: longText, logs: [longText, 'Program log: ok'] }),
  }

  indexer.answer(/^\/api\/stats\/overview$/, (_request, response) => send(response, text(overview)))
  indexer.answer(/^\/api\/stats\/leaderboard$/, (_request, response) => send(response, text(board)))
  indexer.answer(/^\/api\/proofs$/, (_request, response) => send(response, text(proofs)))
  indexer.answer(/^\/api\/proofs\/[^/]+$/, (request, response) => {
    const account = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname.split('/').pop() ?? '')
    const proof = proofs.items.find((item) => item.proofAccount === account)
    if (proof) return send(response, text({ ok: true, proof }))
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"ok":false,"code":"NOT_FOUND","error":"Proof not found"}')
  })
  indexer.answer(/^\/api\/transactions$/, (_request, response) => send(response, text(transactions)))
  indexer.answer(/^\/api\/transactions\/[^/]+$/, (_request, response) => send(response, text(detail)))
  return {
    proofAccounts: proofs.items.map((item) => String(item.proofAccount)),
    signatures: transactions.items.map((item) => String(item.signature)),
  }
}
