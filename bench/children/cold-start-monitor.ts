/**
 * Started as the app starts (its entry stubs): V8's memory mode and Node's
 * compile cache first, then the work, so that its code is compiled through the cache.
 */
import { enableCompileCache } from '../../src/main/runtime/compile-cache'
import { startV8MemoryModeSoon } from '../../src/main/runtime/v8-memory-mode'

// As the app's main process and serve mode run the core.
startV8MemoryModeSoon()
enableCompileCache()
await import('./first-screen-through-core')
