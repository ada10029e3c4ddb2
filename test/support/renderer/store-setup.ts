import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { overrideBridge } from '@renderer/bridge'
import { createFakeBridge, type FakeBridge } from './fake-bridge'

/** A fresh Pinia and a fresh fake bridge that every store will use. */
export function setupStores(): { bridge: FakeBridge; pinia: Pinia } {
  const bridge = createFakeBridge()
  overrideBridge(bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  return { bridge, pinia }
}
