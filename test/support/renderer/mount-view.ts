import { mount, type VueWrapper } from '@vue/test-utils'
import type { Component } from 'vue'
import { createMemoryHistory, type Router } from 'vue-router'
import { createAppRouter } from '@renderer/router'
import { setupStores } from './store-setup'
import type { FakeBridge } from './fake-bridge'
import { settle } from './settle'

export interface MountedView {
  wrapper: VueWrapper
  router: Router
  bridge: FakeBridge
}

/**
 * Mounts `component` with real Pinia and the real routes at `path`.
 * `prepare` stubs the bridge before anything asks it; `props` are the
 * component's props (for a component that is not a view); `attachTo` puts
 * it in the document, where focus can be followed.
 */
export async function mountView(
  component: Component,
  path: string,
  prepare: (bridge: FakeBridge) => void = () => {},
  props: Record<string, unknown> = {},
  options: { attachTo?: HTMLElement } = {},
): Promise<MountedView> {
  const { bridge, pinia } = setupStores()
  prepare(bridge)
  const router = createAppRouter(createMemoryHistory())
  await router.push(path)
  await router.isReady()
  const wrapper = mount(component, { props, global: { plugins: [pinia, router] }, attachTo: options.attachTo })
  await settle()
  return { wrapper, router, bridge }
}

/** The trimmed text of every element with `data-testid=testId`. */
export function textsOf(wrapper: VueWrapper, testId: string): string[] {
  return wrapper.findAll(`[data-testid="${testId}"]`).map((element) => element.text())
}
