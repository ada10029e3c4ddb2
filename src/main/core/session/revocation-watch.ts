/**
 * Revocations are never pushed (docs/wire.md: the reference sends a
 * PROOF_REVOKED notification to the proof's author only, and nothing on the
 * socket), so the state of the user's own proofs and of the watched
 * authorities' proofs is read again on a schedule: a small head page of
 * `/api/proofs?authority=`, the wallet's every tick and one watched authority
 * in turn. A proof the cache held as standing that the indexer now says is
 * revoked is news: the page is recorded (lists, detail, exports read the
 * cache) and it is handed on once.
 */
import type { ErrorInfo, Page, Proof } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { forgetOldest } from '@shared/forget-oldest'

export interface RevokedProof {
  proof: Proof
  /** The user's own proof (the wallet's), else a watched authority's. */
  own: boolean
}

export interface RevocationWatchOptions {
  /** The head of an authority's proofs, newest first. */
  fetchPage(authority: string, limit: number): Promise<Page<Proof>>
  /** What the cache holds of these proofs' revoked state (null: not held, or held without it). */
  knownRevoked(accounts: readonly string[]): Promise<Map<string, boolean | null>>
  /** Full records read: into the cache. */
  record(proofs: readonly Proof[]): void
  onRevoked(items: RevokedProof[]): void
  /** The wallet (null: none) and the watched addresses, asked at every tick. */
  scope(): { wallet: string | null; watched: readonly string[] }
  onError?(error: ErrorInfo): void
  /** Default 60 s. */
  intervalMs?: number
  /** Proofs per head read. Default 20: one request still, and a revocation of any recent proof is seen. */
  headLimit?: number
  /** Polls wait while the indexer's rate limit says so. */
  blockedUntil?(): number | null
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export const REVOCATION_CHECK_MS = 60_000
/** Proofs whose state is remembered here; the cache remembers the rest. */
const SEEN_CAP = 20_000

export class RevocationWatch {
  private timer: unknown = null
  private turn = 0
  private running: Promise<void> | null = null
  private stopped = false
  /** Revoked state seen here, so that a cache that has not caught up does not make one revocation twice. */
  private readonly seen = new Map<string, boolean>()
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (handle: unknown) => void

  constructor(private readonly options: RevocationWatchOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  }

  start(): void {
    if (this.stopped || this.timer !== null) return
    this.schedule()
  }

  stop(): void {
    this.stopped = true
    if (this.timer !== null) this.clearTimer(this.timer)
    this.timer = null
  }

  /** One round now: the wallet and the next watched authority. Joins a round in flight. */
  check(): Promise<void> {
    if (this.running) return this.running
    this.running = this.round().finally(() => {
      this.running = null
    })
    return this.running
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = this.setTimer(() => {
      this.timer = null
      void this.check().finally(() => this.schedule())
    }, this.options.intervalMs ?? REVOCATION_CHECK_MS)
    ;(this.timer as { unref?: () => void } | null)?.unref?.()
  }

  private async round(): Promise<void> {
    const blocked = this.options.blockedUntil?.() ?? null
    if (blocked !== null) return
    const { wallet, watched } = this.options.scope()
    const authorities: Array<{ authority: string; own: boolean }> = []
    if (wallet) authorities.push({ authority: wallet, own: true })
    const others = watched.filter((address) => address !== wallet)
    if (others.length > 0) authorities.push({ authority: others[this.turn++ % others.length] as string, own: false })
    for (const { authority, own } of authorities) {
      if (this.stopped) return
      try {
        await this.readAuthority(authority, own)
      } catch (error) {
        this.options.onError?.(toErrorInfo(error))
      }
    }
  }

  private async readAuthority(authority: string, own: boolean): Promise<void> {
    const page = await this.options.fetchPage(authority, this.options.headLimit ?? 20)
    if (this.stopped || page.items.length === 0) return
    const revoked = page.items.filter((proof) => proof.revoked === true)
    // Read before the page is recorded: what the cache held is what the user last saw.
    const known = revoked.length === 0 ? new Map<string, boolean | null>() : await this.options.knownRevoked(revoked.map((proof) => proof.proofAccount))
    const fresh: RevokedProof[] = []
    for (const proof of revoked) {
      const before = this.seen.get(proof.proofAccount) ?? known.get(proof.proofAccount) ?? null
      if (before === false) fresh.push({ proof, own })
    }
    for (const proof of page.items) {
      if (proof.revoked === null) continue
      this.seen.delete(proof.proofAccount)
      this.seen.set(proof.proofAccount, proof.revoked)
      forgetOldest(this.seen, SEEN_CAP)
    }
    this.options.record(page.items)
    if (fresh.length > 0) this.options.onRevoked(fresh)
  }
}
