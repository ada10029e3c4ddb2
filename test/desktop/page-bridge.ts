/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import type { Bridge, BridgeEventName } from '@shared/bridge'

interface PageWindow {
  proofwatch?: unknown
  __proofwatchCall(method: string, args: unknown[]): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }>
  __proofwatchOn(event: string, id: number): Promise<void>
  __proofwatchOff(id: number): Promise<void>
  __proofwatchDeliver(id: number, payload: unknown): void
}

/**
 * Gives the page, before its scripts run, the API the preload exposed, with
 * the same names: each call and each `on` crosses to the preload's own
 * function in this process (as contextBridge crosses worlds), and what the
 * preload's listeners hear is handed back to the page's listeners.
 */
export async function exposeToPage(page: Page, api: Bridge): Promise<void> {
  const functions = api as unknown as Record<string, (...args: unknown[]) => unknown>
  const methods = Object.keys(api).filter((key) => key !== 'on' && typeof functions[key] === 'function')
  const unsubscribes = new Map<number, () => void>()

  await page.exposeBinding('__proofwatchCall', async (_source, method: string, args: unknown[]) => {
    try {
      return { ok: true, value: await functions[method]!(...args) }
    } catch (error) {
      // The preload rejects with plain objects; an Error keeps only its message across, as with contextBridge.
      return { ok: false, error: error instanceof Error ? { message: error.message } : error }
    }
  })
  await page.exposeBinding('__proofwatchOn', (_source, event: BridgeEventName, id: number) => {
    const unsubscribe = api.on(event, (payload) => {
      void page.evaluate(([to, value]) => (window as unknown as PageWindow).__proofwatchDeliver(to as number, value), [id, payload] as const).catch(() => {
        // The page is gone or navigating; the renderer asks again when it comes back.
      })
    })
    unsubscribes.set(id, unsubscribe)
  })
  await page.exposeBinding('__proofwatchOff', (_source, id: number) => {
    unsubscribes.get(id)?.()
    unsubscribes.delete(id)
  })

  await page.addInitScript((names: string[]) => {
    const page = window as unknown as PageWindow
    const listeners = new Map<number, (payload: unknown) => void>()
    let nextId = 1
    page.__proofwatchDeliver = (id, payload) => listeners.get(id)?.(payload)
    const bridge: Record<string, unknown> = {}
    for (const name of names) {
      bridge[name] = async (...args: unknown[]) => {
        const outcome = await page.__proofwatchCall(name, args)
        if (outcome.ok) return outcome.value
        throw outcome.error
      }
    }
    bridge.on = (event: string, listener: (payload: unknown) => void) => {
      const id = nextId++
      listeners.set(id, listener)
      void page.__proofwatchOn(event, id)
      return () => {
        if (listeners.delete(id)) void page.__proofwatchOff(id)
      }
    }
    Object.defineProperty(window, 'proofwatch', { value: Object.freeze(bridge), enumerable: true })
  }, methods)
}
