import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { CircuitCard, CircuitCatalog } from '@shared/circuits'
import { makeProof } from '@test/support/renderer/fixtures'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import CircuitsView from './CircuitsView.vue'

const READ_AT = Date.UTC(2026, 10, 27, 8, 0)

function card(id: string, overrides: Partial<CircuitCard> = {}): CircuitCard {
  return {
    id,
    name: `circuit_${id}`,
    proofType: 'BALANCE',
    description: `What circuit ${id} proves.`,
    publicInputCount: 2,
    enabled: true,
    registeredSlot: '437836745',
    fingerprint: 'd13b 03cc e437 fda9',
    keySeenAt: READ_AT,
    readAt: READ_AT,
    ...overrides,
  }
}

function catalog(overrides: Partial<CircuitCatalog> = {}): CircuitCatalog {
  return { circuits: [card('1'), card('2', { enabled: false, fingerprint: null, publicInputCount: null })], readAt: READ_AT, source: 'network', problem: null, ...overrides }
}

describe('CircuitsView', () => {
  it('shows each circuit\'s name, type, inputs, state, slot and key fingerprint', async () => {
    const { wrapper } = await mountView(CircuitsView, '/circuits', (bridge) => bridge.handle('getCircuitCatalog', () => catalog()))
    const rows = wrapper.findAll('[data-testid="circuit-row"]')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.text()).toContain('circuit_1')
    expect(rows[0]!.text()).toContain('What circuit 1 proves.')
    expect(rows[0]!.text()).toContain('Balance')
    expect(rows[0]!.text()).toContain('437,836,745')
    expect(textsOf(wrapper, 'circuit-enabled')).toEqual(['Enabled', 'Disabled'])
    expect(textsOf(wrapper, 'circuit-fingerprint')).toEqual(['d13b 03cc e437 fda9'])
    expect(rows[1]!.text()).toContain('Not read')
    expect(wrapper.find('[data-testid="circuits-offline"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="circuits-read-at"]').text()).toMatch(/^Read /)
  })

  it('offline, says so and shows what was last read and when', async () => {
    const { wrapper } = await mountView(CircuitsView, '/circuits', (bridge) =>
      bridge.handle('getCircuitCatalog', () => catalog({ source: 'cache', problem: { code: 'UNREACHABLE', message: 'connection refused', retryable: true } })),
    )
    expect(wrapper.get('[data-testid="circuits-read-at"]').text()).toMatch(/^Offline: as last read/)
    expect(wrapper.get('[data-testid="circuits-read-at"] time').attributes('datetime')).toBe(new Date(READ_AT).toISOString())
    expect(wrapper.get('[data-testid="circuits-offline"]').text()).toContain('connection refused')
    expect(wrapper.findAll('[data-testid="circuit-row"]')).toHaveLength(2)
  })

  it('lists the proofs a circuit verified when it is opened', async () => {
    const { wrapper, bridge, router } = await mountView(CircuitsView, '/circuits', (fake) => {
      fake.handle('getCircuitCatalog', () => catalog())
      fake.handle('listProofs', () => ({ items: [makeProof(1, { circuitId: '1' }), makeProof(2, { circuitId: '1' })], nextCursor: null, total: '80' }))
    })
    expect(wrapper.find('[data-testid="circuit-proofs"]').exists()).toBe(false)
    await wrapper.findAll('[data-testid="circuit-name"]')[0]!.trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ id: '1' })
    expect(bridge.callsOf('listProofs').at(-1)?.[0]).toEqual({ circuitId: '1', limit: 20 })
    expect(wrapper.findAll('[data-testid="circuit-proof-row"]')).toHaveLength(2)
    expect(wrapper.get('[data-testid="circuit-proofs"]').text()).toContain('Proofs verified with circuit_1')
    expect(wrapper.get('[data-testid="circuit-proofs-count"]').text()).toContain('The newest 2 of 80')
  })

  it('shows a failure to read with Retry', async () => {
    const { wrapper, bridge } = await mountView(CircuitsView, '/circuits', (fake) =>
      fake.fail('getCircuitCatalog', { code: 'INTERNAL', message: 'the cache is closed', retryable: true }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('the cache is closed')
    bridge.handle('getCircuitCatalog', () => catalog())
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="circuit-row"]')).toHaveLength(2)
  })
})
