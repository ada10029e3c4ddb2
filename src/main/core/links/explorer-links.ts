/**
 * The only outside pages the app opens: block explorer pages it builds
 * itself from a checked id. A URL from anywhere else (a page, a
 * notification, the indexer) is never opened; `isExplorerUrl` tells whether
 * a URL is exactly one of these.
 */
import { ProofWatchError } from '@shared/errors'
import { checkLinkId } from './deep-link'
import type { LinkKind, LinkTarget } from '../notify/routes'

export const EXPLORER_ORIGIN = 'https://explorer.solana.com'

/** Solana clusters the explorer knows; mainnet-beta is its default and needs no parameter. */
export const EXPLORER_CLUSTERS = ['mainnet-beta', 'devnet', 'testnet'] as const
export type ExplorerCluster = (typeof EXPLORER_CLUSTERS)[number]

/** Proof accounts are accounts: the explorer shows them on its address page. */
const PATHS: Readonly<Record<LinkKind, string>> = { transaction: 'tx', proof: 'address', address: 'address' }

function isLinkKind(kind: unknown): kind is LinkKind {
  return kind === 'transaction' || kind === 'proof' || kind === 'address'
}

/**
 * The explorer cluster an indexer's records live on, from the chain its
 * sign-in names (the reference deployment signs in on `solana:devnet`; see
 * docs/wire.md's sign-in message); null for a chain no public explorer shows.
 */
export function clusterOfChain(chain: string): ExplorerCluster | null {
  if (chain === 'solana:mainnet') return 'mainnet-beta'
  if (chain === 'solana:devnet') return 'devnet'
  if (chain === 'solana:testnet') return 'testnet'
  return null
}

/** The explorer page of a transaction, proof account or address; throws for an id that is not one. */
export function explorerUrl(target: { kind: string; id: string }, cluster: ExplorerCluster = 'mainnet-beta'): string {
  if (!isLinkKind(target.kind)) {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `No explorer page for a ${String(target.kind).slice(0, 20)}` })
  }
  if (!EXPLORER_CLUSTERS.includes(cluster)) {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Unknown cluster ${String(cluster).slice(0, 20)}` })
  }
  const id = checkLinkId(target.kind, target.id)
  const query = cluster === 'mainnet-beta' ? '' : `?cluster=${cluster}`
  return `${EXPLORER_ORIGIN}/${PATHS[target.kind]}/${id}${query}`
}

/** Whether `url` is, character for character, a page `explorerUrl` builds. */
export function isExplorerUrl(url: string): boolean {
  const match = /^https:\/\/explorer\.solana\.com\/(tx|address)\/([1-9A-HJ-NP-Za-km-z]{32,90})(?:\?cluster=(devnet|testnet))?$/.exec(url)
  if (!match) return false
  const [, path, id, cluster] = match as unknown as [string, string, string, ExplorerCluster | undefined]
  const target: LinkTarget = { kind: path === 'tx' ? 'transaction' : 'address', id }
  try {
    return explorerUrl(target, cluster ?? 'mainnet-beta') === url
  } catch {
    return false
  }
}
