/**
 * Started as the app starts (its entry stubs): V8's memory flags and Node's
 * compile cache first, then the work, so that its code is compiled through the cache.
 */
import { enableCompileCache } from '../../src/main/core/node/compile-cache'
import { applyV8MemoryFlags } from '../../src/main/core/memory/v8-memory-flags'

// As the app's main process and serve mode run the core.
applyV8MemoryFlags()
enableCompileCache()
await import('./first-screen-through-core')
