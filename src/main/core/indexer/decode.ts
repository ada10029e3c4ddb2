/**
 * The decoder: the only code that knows the indexer's wire names and shapes.
 * Every failure is a ProofWatchError with code DECODE and what arrived.
 */
export {
  decodeOverview,
  decodeStatsEvent,
  decodeSeries,
  decodeLeaderboard,
  decodeCircuit,
  decodeCircuitList,
  decodeProof,
  decodeProofPage,
  decodeProofSummary,
  decodeTransaction,
  decodeTransactionPage,
  decodeTransactionDetail,
  decodeNotification,
  decodeNotificationPage,
  decodeCircuitCatalog,
  decodeCircuitDetail,
  decodePublicProfile,
} from './decode-records'
export type { PageCap } from './decode-pages'
export { decodeAccountWatchedList, decodeAccountWatched } from './decode-account'
export { decodeErrorBody } from './decode-errors'
export { decodeServerFrame, decodeAddressTransaction, type ServerFrame } from './decode-frames'
export { addressChannel, circuitChannel, parseChannel, type ParsedChannel } from './channels'
export { parseJsonText } from './json-text'
