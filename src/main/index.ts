/**
 * The Electron entry: V8's memory mode and Node's compile cache first, then
 * the app, imported after them so that its code is compiled through the cache.
 * Awaited at the top level, so everything the app does before Electron's
 * `ready` still runs before it.
 */
import { enableCompileCache } from './runtime/compile-cache'
import { startV8MemoryModeSoon } from './runtime/v8-memory-mode'

// Taken on a second after the start, once the first screen is read (see v8-memory-mode.ts, and for why at run time, not with --js-flags).
startV8MemoryModeSoon()
enableCompileCache()
const { startDesktopApp } = await import('./desktop-entry')
startDesktopApp(import.meta.dirname)
