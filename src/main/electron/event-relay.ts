import type { WebContents } from 'electron'
import type { BridgeEvent } from '@shared/bridge'
import { EVENTS_CHANNEL } from '@shared/bridge'
import type { Logger } from '../core/log/log'
import { silentLogger } from '../core/log/log'
import { MergedEvents } from '../core/bridge/merged-events'

export type RelayContents = Pick<WebContents, 'send' | 'isDestroyed' | 'on' | 'removeListener'>

export interface RelayWindow {
  isDestroyed(): boolean
  readonly webContents: RelayContents
}

export interface EventRelayOptions {
  getWindow: () => RelayWindow | null
  maxItemsPerList?: number
  log?: Logger
}

/**
 * Sends event batches to the window once its page has said it is ready, and
 * holds them otherwise: before the first READY, after a reload or a crash,
 * and while no window exists. A page that is about to be replaced still gets
 * what is sent, and the same events are kept for the page that replaces it.
 */
export class EventRelay {
  private pending: MergedEvents
  /** Copies of what went to a page that is navigating away (null when none is). */
  private leaving: MergedEvents | null = null
  private readyContents: RelayContents | null = null
  private readonly watched = new Map<RelayContents, () => void>()
  private readonly getWindow: () => RelayWindow | null
  private readonly maxItemsPerList: number
  private readonly log: Logger

  constructor(options: EventRelayOptions) {
    this.getWindow = options.getWindow
    this.maxItemsPerList = options.maxItemsPerList ?? 2000
    this.log = options.log ?? silentLogger
    this.pending = new MergedEvents(this.maxItemsPerList)
  }

  push(batch: readonly BridgeEvent[]): void {
    if (batch.length === 0) return
    const target = this.readyTarget()
    if (target && this.send(target, batch)) {
      this.leaving?.add(batch)
      return
    }
    this.hold(batch)
  }

  /** The page in `contents` asked for events: send what was held, then everything as it comes. */
  markReady(contents: RelayContents): void {
    this.watch(contents)
    this.readyContents = contents
    this.leaving = null
    const target = this.readyTarget()
    if (!target || this.pending.isEmpty) return
    const held = this.pending.take()
    if (!this.send(target, held)) this.hold(held)
  }

  dispose(): void {
    for (const unwatch of this.watched.values()) unwatch()
    this.watched.clear()
    this.readyContents = null
    this.leaving = null
  }

  private readyTarget(): RelayContents | null {
    const window = this.getWindow()
    if (!window || window.isDestroyed()) return null
    const contents = window.webContents
    if (contents !== this.readyContents || contents.isDestroyed()) return null
    return contents
  }

  private send(contents: RelayContents, batch: readonly BridgeEvent[]): boolean {
    try {
      contents.send(EVENTS_CHANNEL, batch)
      return true
    } catch (error) {
      // An event IPC cannot clone would be held and sent again for ever: the page gets a problem in its place.
      const sendable = batch.map((event) => (clonable(event) ? event : this.unsendable(event)))
      if (sendable.every((event, index) => event === batch[index])) {
        this.log.warn('Could not send events to the window; holding them', error)
        return false
      }
      return this.send(contents, sendable)
    }
  }

  private unsendable(event: BridgeEvent): BridgeEvent {
    const message = `An update (${event.event}) could not be sent to the window: IPC cannot copy it`
    this.log.error('bridge event not sent', message)
    return { event: 'problem', payload: { code: 'INTERNAL', message } }
  }

  private hold(batch: readonly BridgeEvent[]): void {
    const dropped = this.pending.dropped
    this.pending.add(batch)
    if (this.pending.dropped > dropped) {
      this.log.warn('The window is not reading events; dropped the oldest', { dropped: this.pending.dropped })
    }
  }

  /** The page in `contents` is gone: hold again, starting with what its last moments received. */
  private notReady(contents: RelayContents): void {
    if (this.readyContents !== contents) return
    this.readyContents = null
    if (this.leaving) {
      const alreadyHeld = this.pending.take()
      this.pending = this.leaving
      this.pending.add(alreadyHeld)
      this.leaving = null
    }
  }

  private watch(contents: RelayContents): void {
    if (this.watched.has(contents)) return
    const onStart = (details: { isMainFrame: boolean; isSameDocument: boolean }) => {
      if (contents === this.readyContents && details.isMainFrame && !details.isSameDocument) {
        this.leaving = new MergedEvents(this.maxItemsPerList)
      }
    }
    // Fires only once the new document commits; a navigation the guards stop never gets here.
    const onNavigated = () => this.notReady(contents)
    // Loading stopped without a commit: the navigation was stopped and the page stays.
    const onStopped = () => {
      if (contents === this.readyContents) this.leaving = null
    }
    const onGone = () => this.notReady(contents)
    const onDestroyed = () => {
      this.notReady(contents)
      this.watched.get(contents)?.()
      this.watched.delete(contents)
    }
    contents.on('did-start-navigation', onStart)
    contents.on('did-navigate', onNavigated)
    contents.on('did-stop-loading', onStopped)
    contents.on('render-process-gone', onGone)
    contents.on('destroyed', onDestroyed)
    this.watched.set(contents, () => {
      contents.removeListener('did-start-navigation', onStart)
      contents.removeListener('did-navigate', onNavigated)
      contents.removeListener('did-stop-loading', onStopped)
      contents.removeListener('render-process-gone', onGone)
      contents.removeListener('destroyed', onDestroyed)
    })
  }
}

/** Whether IPC's structured clone can copy the event (functions, symbols and very deep nesting it cannot). */
function clonable(event: BridgeEvent): boolean {
  try {
    structuredClone(event)
    return true
  } catch {
    return false
  }
}
