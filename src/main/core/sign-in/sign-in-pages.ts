/**
 * The browser sign-in pages opened (loopback-page.ts): only the newest may
 * sign the user in. A newer page, a sign-out or a switch of indexer closes
 * the others, and a page that finishes opening after a newer sign-in began
 * is closed at once, so an earlier call that ends later never wins.
 */
import type { LoopbackSignIn } from './loopback-page'

export class SignInPages {
  /** The one page that may still sign the user in. */
  private current: LoopbackSignIn | null = null
  /** Every page opened and not yet closed, so that sign-out and a new page close them all. */
  private readonly open = new Set<LoopbackSignIn>()
  /** Counts browser sign-ins begun. */
  private generation = 0

  /** A new page is about to open: the others close. The number says, once it opened, whether it is still the newest. */
  async begin(): Promise<number> {
    const generation = ++this.generation
    await this.closeAll()
    return generation
  }

  /** The page opened: it becomes the current one; false (and closed) when a newer sign-in began meanwhile. */
  async opened(page: LoopbackSignIn, generation: number): Promise<boolean> {
    this.open.add(page)
    if (generation !== this.generation) {
      await this.close(page)
      return false
    }
    this.current = page
    return true
  }

  isCurrent(page: LoopbackSignIn): boolean {
    return this.current === page
  }

  /** The page ended (signed in, expired or closed); true when it was the current one. */
  ended(page: LoopbackSignIn): boolean {
    this.open.delete(page)
    if (this.current !== page) return false
    this.current = null
    return true
  }

  /** Sign-out or the end: no page begun before may finish opening. */
  async cancelAll(): Promise<void> {
    this.generation++
    await this.closeAll()
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((page) => this.close(page)))
    this.current = null
  }

  private async close(page: LoopbackSignIn): Promise<void> {
    this.open.delete(page)
    if (this.current === page) this.current = null
    await page.close()
  }
}
