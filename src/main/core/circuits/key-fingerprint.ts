/**
 * A verifying key's short fingerprint and the comparison of two reads of the
 * indexer's circuits: what changed that a user relying on a circuit must be
 * told about (its key replaced, or the circuit disabled).
 */
import { nodeCrypto } from '../../runtime/builtins-on-first-use'

/** Bytes of the SHA-256 shown: 8 are enough to tell keys apart at a glance, short enough to compare by eye. */
const FINGERPRINT_BYTES = 8
const HEX = /^(?:0x)?((?:[0-9a-f]{2})+)$/i

/**
 * The first 8 bytes of the key's SHA-256 as hex in groups of four
 * ("d13b 03cc e437 fda9"). A hex key (as the reference sends) is hashed as
 * the bytes it spells, so the fingerprint matches one taken of the key file;
 * any other text is hashed as UTF-8. Null for no key.
 */
export function keyFingerprint(key: string | null | undefined): string | null {
  const text = key?.trim()
  if (!text) return null
  const hex = HEX.exec(text)
  const bytes = hex?.[1] !== undefined ? Buffer.from(hex[1], 'hex') : Buffer.from(text, 'utf8')
  const digest = nodeCrypto().createHash('sha256').update(bytes).digest('hex').slice(0, FINGERPRINT_BYTES * 2)
  return digest.match(/.{4}/g)?.join(' ') ?? digest
}

/** What a comparison needs of a circuit's read. */
export interface CircuitKeyState {
  id: string
  name: string | null
  fingerprint: string | null
  enabled: boolean | null
}

export type CircuitKeyChange =
  | { kind: 'key-changed'; id: string; name: string | null; before: string; after: string }
  | { kind: 'disabled'; id: string; name: string | null }

/**
 * What changed between the last read and this one. A key counts as changed
 * only when both reads have one (a detail that failed to load is no change);
 * a circuit counts as disabled only when the last read had it not disabled.
 * Circuits new in this read, or gone from it, are neither.
 */
export function compareCircuitKeys(before: readonly CircuitKeyState[], now: readonly CircuitKeyState[]): CircuitKeyChange[] {
  const known = new Map(before.map((circuit) => [circuit.id, circuit]))
  const changes: CircuitKeyChange[] = []
  for (const circuit of now) {
    const last = known.get(circuit.id)
    if (last === undefined) continue
    if (last.fingerprint !== null && circuit.fingerprint !== null && last.fingerprint !== circuit.fingerprint) {
      changes.push({ kind: 'key-changed', id: circuit.id, name: circuit.name, before: last.fingerprint, after: circuit.fingerprint })
    }
    if (circuit.enabled === false && last.enabled !== false) changes.push({ kind: 'disabled', id: circuit.id, name: circuit.name })
  }
  return changes
}
