/** WebSocket channel names: building them and reading their parameters back. */
import { requirePubkey, requireText } from './arguments'

export type ParsedChannel =
  | { kind: 'stats' }
  | { kind: 'proofs' }
  | { kind: 'circuit'; circuitId: string }
  | { kind: 'user-notifications' }
  | { kind: 'user-proofs' }
  | { kind: 'address'; address: string }
  | { kind: 'unknown'; name: string }

const CIRCUIT_PREFIX = 'proofs:circuit:'
const ADDRESS_PATTERN = /^address:([^:]+):txs$/

export function addressChannel(pubkey: string): string {
  return `address:${requirePubkey(pubkey, 'A watched address')}:txs`
}

export function circuitChannel(circuitId: string | number): string {
  return `${CIRCUIT_PREFIX}${requireText(circuitId, 'A circuit id', 128)}`
}

export function parseChannel(name: string): ParsedChannel {
  if (name === 'stats') return { kind: 'stats' }
  if (name === 'proofs') return { kind: 'proofs' }
  if (name === 'user:notifications') return { kind: 'user-notifications' }
  if (name === 'user:proofs') return { kind: 'user-proofs' }
  if (name.startsWith(CIRCUIT_PREFIX) && name.length > CIRCUIT_PREFIX.length) {
    return { kind: 'circuit', circuitId: name.slice(CIRCUIT_PREFIX.length) }
  }
  const address = ADDRESS_PATTERN.exec(name)?.[1]
  if (address !== undefined) return { kind: 'address', address }
  return { kind: 'unknown', name }
}
