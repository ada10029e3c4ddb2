/**
 * Parameter negotiation: ask in the seed's terms; when the server answers 400
 * and lists the values it accepts, pick the matching one, retry once, and
 * remember what worked for that indexer.
 */
import { ProofWatchError } from '@shared/errors'

/** Learned parameter values per indexer (in memory here; may be persisted). */
export interface ParameterMemory {
  get(indexer: string, parameter: string, asked: string): string | undefined
  set(indexer: string, parameter: string, asked: string, accepted: string): void
}

export function createParameterMemory(): ParameterMemory {
  const values = new Map<string, string>()
  const key = (indexer: string, parameter: string, asked: string): string => JSON.stringify([indexer, parameter, asked])
  return {
    get: (indexer, parameter, asked) => values.get(key(indexer, parameter, asked)),
    set: (indexer, parameter, asked, accepted) => {
      values.set(key(indexer, parameter, asked), accepted)
    },
  }
}

export interface AcceptedValues {
  /** The parameter the message is about, when it names one (`metric: …`). */
  parameter: string | null
  accepted: string[]
  /** The rejected value, when the message quotes it. */
  received: string | null
}

const QUOTED = /'([^']*)'|"([^"]*)"|`([^`]*)`/g

function quotedValues(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((match) => match[1] ?? match[2] ?? match[3] ?? '').filter((v) => v !== '')
}

/**
 * Reads messages such as `metric: Invalid enum value. Expected 'tps' | 'proofs24h', received 'proofs'`
 * or `metric must be one of: tps, proofs24h`. Null when no list of values is found.
 */
export function parseAcceptedValues(message: string): AcceptedValues | null {
  const parameter = /^\s*(?:[\w-]+[./])?([A-Za-z_][\w-]*)\s*(?::|\bmust\b)/.exec(message)?.[1] ?? null
  const receivedMatch = /received\s+(?:'([^']*)'|"([^"]*)"|`([^`]*)`|(\S+))/i.exec(message)
  const received = receivedMatch?.slice(1).find((group) => group !== undefined) ?? null
  const expectedAt = message.search(/expected|one of|allowed/i)
  if (expectedAt < 0) return null
  const receivedAt = receivedMatch?.index ?? message.length
  const listText = message.slice(expectedAt, receivedAt > expectedAt ? receivedAt : message.length)
  let accepted = quotedValues(listText)
  if (accepted.length === 0) {
    const bare = /one of:?\s*(.+)$/i.exec(listText)?.[1] ?? ''
    accepted = bare
      .split(/[|,]|\bor\b/)
      .map((value) => value.trim().replace(/[.;)\]]+$/, '').replace(/^[([]+/, ''))
      .filter((value) => /^[\w:.-]+$/.test(value))
  }
  return accepted.length > 0 ? { parameter, accepted, received } : null
}

function shortest(values: string[]): string | null {
  return [...values].sort((a, b) => a.length - b.length)[0] ?? null
}

function longest(values: string[]): string | null {
  return [...values].sort((a, b) => b.length - a.length)[0] ?? null
}

/**
 * The accepted value that best stands for `asked`: the same value in another
 * case, else one that starts with it (`proofs` → `proofs24h`), else one that
 * contains it, else one it contains. Null when none fits.
 */
export function chooseAccepted(asked: string, accepted: readonly string[]): string | null {
  if (accepted.includes(asked)) return asked
  const wanted = asked.toLowerCase()
  const lower = (value: string): string => value.toLowerCase()
  const sameCase = accepted.find((value) => lower(value) === wanted)
  if (sameCase !== undefined) return sameCase
  return (
    shortest(accepted.filter((value) => lower(value).startsWith(wanted))) ??
    shortest(accepted.filter((value) => lower(value).includes(wanted))) ??
    longest(accepted.filter((value) => wanted.includes(lower(value))))
  )
}

export interface NegotiatedParameter {
  name: string
  /** The value in the seed's (or the caller's) terms. */
  asked: string
  /**
   * An enum whose values differ from the server's only by case: once the
   * server lists its values, the case of all of them is learned at once.
   */
  caseOnly?: boolean
}

export interface NegotiationContext {
  memory: ParameterMemory
  /** The indexer key (normalised base URL). */
  indexer: string
}

export interface Negotiated<T> {
  result: T
  /** The values actually sent, by parameter name. */
  sent: Record<string, string>
}

function concerns(hint: AcceptedValues, name: string, sentValue: string | undefined): boolean {
  if (hint.parameter !== null) return hint.parameter === name
  return hint.received !== null && hint.received === sentValue
}

/**
 * Sends with remembered values (or the asked ones); each parameter is
 * renegotiated at most once per call. Other failures pass through unchanged.
 */
export async function negotiate<T>(
  context: NegotiationContext,
  parameters: readonly NegotiatedParameter[],
  send: (values: Record<string, string>) => Promise<T>,
): Promise<Negotiated<T>> {
  const { memory, indexer } = context
  const sent: Record<string, string> = {}
  for (const parameter of parameters) {
    sent[parameter.name] = memory.get(indexer, parameter.name, parameter.asked) ?? parameter.asked
  }
  const learned: Array<[name: string, asked: string, accepted: string]> = []
  const renegotiated = new Set<string>()
  for (;;) {
    try {
      const result = await send({ ...sent })
      for (const [name, asked, accepted] of learned) memory.set(indexer, name, asked, accepted)
      return { result, sent }
    } catch (error) {
      if (!(error instanceof ProofWatchError) || error.status !== 400) throw error
      const hint = parseAcceptedValues(error.message)
      if (hint === null) throw error
      const parameter = parameters.find((p) => concerns(hint, p.name, sent[p.name]))
      if (parameter === undefined || renegotiated.has(parameter.name)) throw error
      const choice = chooseAccepted(parameter.asked, hint.accepted)
      if (choice === null || choice === sent[parameter.name]) throw error
      renegotiated.add(parameter.name)
      sent[parameter.name] = choice
      learned.push([parameter.name, parameter.asked, choice])
      if (parameter.caseOnly) {
        for (const value of hint.accepted) learned.push([parameter.name, value.toUpperCase(), value])
      }
    }
  }
}
