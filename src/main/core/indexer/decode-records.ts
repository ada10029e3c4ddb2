/**
 * Decoders of the indexer's records and lists into domain types. The field
 * names of responses and events appear here and in the other decode-* files
 * only (request parameter names belong to the client).
 */
import type {
  AppNotification,
  Circuit,
  Instruction,
  LeaderboardEntry,
  Overview,
  Page,
  Proof,
  ProofSummary,
  Series,
  SeriesPoint,
  SeriesQuery,
  Transaction,
  TransactionDetail,
} from '@shared/domain'
import type { CircuitDetail, CircuitFacts } from '@shared/circuits'
import type { PublicProfile } from '@shared/profiles'
import {
  isJsonObject,
  lenient,
  required,
  toBoolean,
  toEnum,
  toEpochMs,
  toId,
  toNumber,
  toText,
  toTextList,
  toU64,
  type JsonObject,
} from './decode-values'
import { pickFromLevels, unwrapList, unwrapRecord } from './decode-envelopes'
import { asRecord, decodeItems, decodePage, recordDecoder, type PageCap } from './decode-pages'

// Overview (GET /api/stats/overview and the `stats` channel)

const overview = recordDecoder(() => ({
  tps: lenient(toNumber),
  slot: lenient(toU64),
  epoch: lenient(toU64),
  totalProofs: lenient(toU64),
  proofs24h: lenient(toU64),
  avgVerifyTimeMs: lenient(toNumber),
  activeUsers24h: lenient(toU64),
  rpcLatencyMs: lenient(toNumber),
  status: lenient(toEnum),
  timestamp: lenient(toEpochMs),
}))

/** `receivedAt` stands in for the server's timestamp when it sends none. */
export function decodeOverview(body: unknown, receivedAt: number = Date.now()): Overview {
  const raw = unwrapRecord(body, ['stats', 'overview', 'data'], ['tps', 'slot', 'totalProofs'], 'the overview')
  // The schema keeps only the shape's fields, so they can be spread as they are.
  const { timestamp, ...figures } = overview.parse(raw, 'the overview')
  return { ...figures, observedAt: timestamp ?? receivedAt, ...overview.kept(raw) }
}

/** A `stats` channel event carries the overview's fields (plus a timestamp). */
export function decodeStatsEvent(data: unknown, receivedAt: number = Date.now()): Overview {
  return decodeOverview(data, receivedAt)
}

// Time series (GET /api/stats/timeseries)

const point = recordDecoder(() => ({
  t: required(toEpochMs, 'a timestamp (ISO text, epoch seconds or milliseconds)'),
  value: required(toNumber, 'a number'),
}))

function decodePoint(item: unknown): SeriesPoint {
  // A point may also come as a [t, value] pair.
  const record = Array.isArray(item) ? { t: item[0], value: item[1] } : asRecord(item, 'a series point')
  return point.parse(record, 'a series point')
}

/**
 * `sentMetric` is the metric name actually sent (after negotiation); the
 * server's echo of it wins when present.
 */
export function decodeSeries(body: unknown, query: SeriesQuery, sentMetric: string = query.metric): Series {
  const { list, levels } = unwrapList(body, ['data', 'points', 'series', 'items'], 'a time series')
  const points = decodeItems(list, decodePoint, 'A time series')
  return {
    metric: query.metric,
    serverMetric: toText(pickFromLevels(levels, ['metric'])) ?? sentMetric,
    period: query.period,
    points: points.sort((a, b) => a.t - b.t),
  }
}

// Leaderboard (GET /api/stats/leaderboard)

const leaderboardEntry = recordDecoder(() => ({
  pubkey: required(toText, 'a non-empty string'),
  proofCount: required(toU64, 'a non-negative integer'),
}))

/** Entries keep the server's order; rank is their position, from 1. */
export function decodeLeaderboard(body: unknown): LeaderboardEntry[] {
  const { list } = unwrapList(body, ['leaderboard', 'entries', 'items', 'data'], 'the leaderboard')
  return decodeItems(
    list,
    (item, index) => {
      const raw = asRecord(item, 'a leaderboard entry')
      return { rank: index + 1, ...leaderboardEntry.decode(raw, 'a leaderboard entry') }
    },
    'The leaderboard',
  )
}

// Proofs (GET /api/proofs, /api/proofs/:proofAccount, /api/proofs/by-circuit/:circuitId)

const proof = recordDecoder(() => ({
  proofAccount: required(toText, 'a non-empty string'),
  signature: lenient(toText),
  authority: lenient(toText),
  circuitId: lenient(toId),
  circuitName: lenient(toText),
  proofType: lenient(toEnum),
  publicInputs: lenient((value) => (isJsonObject(value) ? value : {})),
  verified: lenient(toBoolean),
  verifiedAt: lenient(toEpochMs),
  slotVerified: lenient(toU64),
  revoked: lenient(toBoolean),
}))

export function decodeProof(body: unknown): Proof {
  return proof.decode(unwrapRecord(body, ['proof', 'data'], ['proofAccount'], 'a proof'), 'a proof')
}

export function decodeProofPage(body: unknown, cap?: PageCap): Page<Proof> {
  return decodePage(body, (item) => proof.decode(asRecord(item, 'a proof'), 'a proof'), 'proofs', cap)
}

const proofSummary = recordDecoder(
  () => ({
    proofAccount: required(toText, 'a non-empty string'),
    authority: lenient(toText),
    circuitId: lenient(toId),
    proofType: lenient(toEnum),
    slot: lenient(toU64),
  }),
  ['slotVerified'],
)

/** What the `proofs` and `user:proofs` channels push; a full proof record is read too. */
export function decodeProofSummary(data: unknown): ProofSummary {
  const raw = unwrapRecord(data, ['proof', 'data'], ['proofAccount'], 'a proof event')
  const fields = proofSummary.parse(raw, 'a proof event')
  return { ...fields, slot: fields.slot ?? toU64(raw.slotVerified), ...proofSummary.kept(raw) }
}

// Transactions (GET /api/transactions, /api/transactions/:signature, `address:{pubkey}:txs`)

const transactionShape = () => ({
  signature: required(toText, 'a non-empty string'),
  slot: lenient(toU64),
  blockTime: lenient(toEpochMs),
  fee: lenient(toU64),
  feePayer: lenient(toText),
  status: lenient(toEnum),
  computeUnits: lenient(toU64),
  programIds: lenient(toTextList),
})
const transaction = recordDecoder(transactionShape)

export function decodeTransaction(body: unknown): Transaction {
  return transaction.decode(unwrapRecord(body, ['transaction', 'data'], ['signature'], 'a transaction'), 'a transaction')
}

export function decodeTransactionPage(body: unknown, cap?: PageCap): Page<Transaction> {
  return decodePage(body, (item) => transaction.decode(asRecord(item, 'a transaction'), 'a transaction'), 'transactions', cap)
}

function accountAddress(value: unknown): string | null {
  return isJsonObject(value) ? toText(value.pubkey) : toText(value)
}

function decodeInstruction(item: unknown, position: number): Instruction {
  if (!isJsonObject(item)) return { index: position, programId: null, accounts: [], decoded: item ?? null }
  const accounts = Array.isArray(item.accounts) ? item.accounts.map(accountAddress) : []
  const index = toNumber(item.index)
  return {
    index: index !== null && Number.isInteger(index) ? index : position,
    programId: toText(item.programId),
    accounts: accounts.filter((account): account is string => account !== null),
    decoded: item.decoded ?? null,
  }
}

const transactionDetail = recordDecoder(() => ({
  ...transactionShape(),
  errorMessage: lenient(toText),
  logs: lenient(toTextList),
  instructions: lenient((value) => (Array.isArray(value) ? value.map(decodeInstruction) : [])),
}))

export function decodeTransactionDetail(body: unknown): TransactionDetail {
  const raw = unwrapRecord(body, ['transaction', 'data'], ['signature'], 'a transaction')
  return transactionDetail.decode(raw, 'a transaction')
}

// Notifications (`user:notifications`)

const notification = recordDecoder(() => ({
  id: required(toId, 'a string or number'),
  type: lenient(toEnum),
  title: lenient(toText),
  body: lenient((value) => (typeof value === 'string' ? value : '')),
}))
/** The list (GET /api/notifications) adds these to what the socket sends. */
const listedNotification = recordDecoder(() => ({ read: lenient((value) => (typeof value === 'boolean' ? value : null)), createdAt: lenient(toEpochMs) }))

/** The wire `type` becomes `kind`; a notification without a title is titled by its kind. */
export function decodeNotification(data: unknown, receivedAt: number): AppNotification {
  const raw = unwrapRecord(data, ['notification', 'data'], ['id'], 'a notification')
  const fields = notification.parse(raw, 'a notification')
  const kind = fields.type ?? 'UNKNOWN'
  return {
    id: fields.id,
    kind,
    title: fields.title ?? kind,
    body: fields.body,
    receivedAt,
    // Read state is the user's, kept by main; what arrives is new.
    read: false,
    ...notification.kept(raw),
  }
}

/**
 * A page of the indexer's own notification list: newest first, each with
 * the indexer's read flag and its `createdAt` as the time it is shown at
 * (`data.url`, its subject, stays in the raw record).
 */
export function decodeNotificationPage(body: unknown, receivedAt: number = Date.now(), cap?: PageCap): Page<AppNotification> {
  return decodePage(
    body,
    (item) => {
      const decoded = decodeNotification(item, receivedAt)
      const listed = listedNotification.parse(decoded.raw, 'a notification')
      const { read: _read, createdAt: _createdAt, ...extra } = decoded.extra
      return { ...decoded, read: listed.read === true, receivedAt: listed.createdAt ?? receivedAt, extra }
    },
    'notifications',
    cap,
  )
}

// Circuits (GET /api/circuits, beyond the seed: docs/wire.md, Accounts)

const circuit = recordDecoder(() => ({
  id: required(toId, 'an id'),
  name: lenient(toText),
  proofType: lenient(toEnum),
  description: lenient(toText),
  enabled: lenient(toBoolean),
}))

/** One circuit (GET /api/circuits/:id). */
export function decodeCircuit(body: unknown): Circuit {
  return circuit.parse(unwrapRecord(body, ['circuit', 'data'], ['id'], 'a circuit'), 'a circuit')
}

/** The indexer's circuit list; a circuit without an id is a decode failure that names its position. */
export function decodeCircuitList(body: unknown): Circuit[] {
  const { list } = unwrapList(body, ['circuits', 'items', 'data'], 'a list of circuits')
  return decodeItems(list, (item) => circuit.parse(asRecord(item, 'a circuit'), 'a circuit'), 'The circuit list')
}

// What the Circuits view shows of each circuit (src/shared/circuits.ts)

const circuitFacts = recordDecoder(() => ({
  id: required(toId, 'an id'),
  name: lenient(toText),
  proofType: lenient(toEnum),
  description: lenient(toText),
  publicInputCount: lenient(toNumber),
  enabled: lenient(toBoolean),
  registeredSlot: lenient(toU64),
  verifyingKey: lenient(toText),
}))

function decodeCircuitDetailRecord(record: JsonObject): CircuitDetail {
  const { id, name, proofType, description, publicInputCount, enabled, registeredSlot, verifyingKey } = circuitFacts.parse(record, 'a circuit')
  return { id, name, proofType, description, publicInputCount, enabled, registeredSlot, verifyingKey }
}

/** The circuit list with every field it has (the list carries no verifying key). */
export function decodeCircuitCatalog(body: unknown): CircuitFacts[] {
  const { list } = unwrapList(body, ['circuits', 'items', 'data'], 'a list of circuits')
  return decodeItems(
    list,
    (item) => {
      const { verifyingKey: _key, ...facts } = decodeCircuitDetailRecord(asRecord(item, 'a circuit'))
      return facts
    },
    'The circuit list',
  )
}

/** One circuit (GET /api/circuits/:id) with its verifying key. */
export function decodeCircuitDetail(body: unknown): CircuitDetail {
  return decodeCircuitDetailRecord(unwrapRecord(body, ['circuit', 'data'], ['id'], 'a circuit'))
}

// Public profiles (GET /api/users/:pubkey, beyond the seed: docs/wire.md, Accounts)

const publicProfile = recordDecoder(() => ({
  pubkey: required(toText, 'an address'),
  displayName: lenient(toText),
  joinedAt: lenient(toEpochMs),
  proofCount: lenient(toU64),
}))

export function decodePublicProfile(body: unknown): PublicProfile {
  const { pubkey, displayName, joinedAt, proofCount } = publicProfile.parse(unwrapRecord(body, ['profile', 'user', 'data'], ['pubkey'], 'a profile'), 'a profile')
  return { pubkey, displayName, joinedAt, proofCount }
}

// The account's watchlist (GET/POST /api/users/me/watched, beyond the seed: docs/wire.md, Accounts)
