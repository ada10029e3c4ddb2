/** Started as the app starts (its entry stubs): Node's compile cache first, then the work, so that its code is compiled through the cache. */
import { enableCompileCache } from '../../src/main/runtime/compile-cache'

enableCompileCache()
await import('./first-screen-from-store')
