/**
 * The Electron entry: V8's memory flags and Node's compile cache first, then
 * the app, imported after them so that its code is compiled through the cache.
 * Awaited at the top level, so everything the app does before Electron's
 * `ready` still runs before it.
 */
import { enableCompileCache } from './core/node/compile-cache'
import { applyV8MemoryFlags } from './core/memory/v8-memory-flags'

// Before the core allocates anything (see v8-memory-flags.ts for why at run time, not with --js-flags).
applyV8MemoryFlags()
enableCompileCache()
const { startDesktopApp } = await import('./desktop-entry')
startDesktopApp(import.meta.dirname)
