/**
 * `node --import ./test/desktop/stand-in/register.ts out/main/index.js`:
 * resolves `electron` (from the app's imports and from electron-store's) to
 * the stand-in, for `import` and `require` alike.
 */
import { registerHooks } from 'node:module'

const standIn = new URL('./electron.ts', import.meta.url).href

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron' || specifier === 'electron/main') return { url: standIn, shortCircuit: true }
    return nextResolve(specifier, context)
  },
})
