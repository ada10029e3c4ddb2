import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { makeProof } from '@test/support/renderer/fixtures'
import { mountView } from '@test/support/renderer/mount-view'
import ProofDetailView from './ProofDetailView.vue'

describe('ProofDetailView', () => {
  it('shows every field, the public inputs and the raw JSON', async () => {
    const proof = makeProof(1, { extra: { proofSize: 192 }, raw: { proofAccount: 'x', proofSize: 192 } })
    const { wrapper, bridge } = await mountView(ProofDetailView, `/proofs/${proof.proofAccount}`, (fake) =>
      fake.handle('getProof', () => proof),
    )
    expect(bridge.callsOf('getProof')).toEqual([[proof.proofAccount]])
    const detail = wrapper.get('[data-testid="proof-detail"]').text()
    expect(detail).toContain(proof.proofAccount)
    expect(detail).toContain('Verified')
    expect(detail).toContain('Balance')
    expect(detail).toContain('UTC')
    expect(wrapper.text()).toContain('threshold')
    expect(wrapper.text()).toContain('proofSize')
    expect(JSON.parse(wrapper.get('[data-testid="raw-json"]').text())).toEqual(proof.raw)
    const signatureLink = wrapper.findAll('a').find((link) => link.text() === proof.signature)
    expect(signatureLink?.attributes('href')).toBe(`/transactions/${proof.signature}`)
  })

  it('shows a loading state first', async () => {
    const { wrapper } = await mountView(ProofDetailView, '/proofs/Acct1', (bridge) =>
      bridge.handle('getProof', () => new Promise(() => {})),
    )
    expect(wrapper.find('[data-testid="detail-loading"]').exists()).toBe(true)
  })

  it('says when there is no such proof, and retries', async () => {
    const { wrapper, bridge } = await mountView(ProofDetailView, '/proofs/Unknown1', (fake) =>
      fake.fail('getProof', { code: 'NOT_FOUND', message: 'Proof not found', status: 404, serverCode: 'NOT_FOUND' }),
    )
    const panel = wrapper.get('[data-testid="error-panel"]')
    expect(panel.text()).toContain('No proof with this proof account')
    expect(panel.text()).toContain('Proof not found')

    bridge.handle('getProof', () => makeProof(1))
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="proof-detail"]').exists()).toBe(true)
  })

  it('says when the account is not valid', async () => {
    const { wrapper } = await mountView(ProofDetailView, '/proofs/short', (bridge) =>
      bridge.fail('getProof', { code: 'INVALID_ARGUMENT', message: 'proofAccount must be 32–44 characters' }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('This is not a valid proof account')
  })
})

describe('ProofDetailView links and actions', () => {
  it('goes back to the list, lists public inputs one per line, and opens the explorer for the account', async () => {
    const proof = makeProof(1, { publicInputs: { inputs: ['0xaa', '0xbb'], threshold: '1000' } })
    const { wrapper, bridge } = await mountView(ProofDetailView, `/proofs/${proof.proofAccount}`, (fake) => {
      fake.handle('getProof', () => proof)
      fake.handle('openExternal', (subject) => ({ url: `https://explorer.example/${subject.id}`, opened: true }))
    })
    expect(wrapper.get('[data-testid="detail-back"]').attributes('href')).toBe('/proofs')
    const inputs = wrapper.get('[data-testid="value-list"]')
    expect(inputs.findAll('li').map((item) => item.text())).toEqual(['0xaa', '0xbb'])
    expect(inputs.text()).toContain('1000')
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Updated just now')

    await wrapper.get('[data-testid="explorer-button"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('openExternal')).toEqual([[{ kind: 'proof', id: proof.proofAccount }]])
  })

  it('links the authority to its proofs and its transactions, with a Watch button', async () => {
    const proof = makeProof(1)
    const { wrapper } = await mountView(ProofDetailView, `/proofs/${proof.proofAccount}`, (fake) =>
      fake.handle('getProof', () => proof),
    )
    const hrefs = wrapper.findAll('a').map((link) => link.attributes('href'))
    expect(hrefs).toContain(`/proofs?authority=${proof.authority}`)
    expect(hrefs).toContain(`/transactions?pubkey=${proof.authority}`)
    expect(wrapper.get('[data-testid="watch-button"]').attributes('aria-label')).toBe(`Watch ${proof.authority}`)
  })

  it('says when the indexer could only answer from the cache', async () => {
    const proof = makeProof(1, {
      freshness: { source: 'cache', fetchedAt: Date.now() - 3 * 3_600_000, offline: { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' } },
    })
    const { wrapper } = await mountView(ProofDetailView, `/proofs/${proof.proofAccount}`, (fake) => fake.handle('getProof', () => proof))
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Offline — cached 3 hours ago')
    expect(wrapper.find('[data-testid="detail-summary-only"]').exists()).toBe(false)
  })

  it('offline with only the live summary saved: the summary with a plain note, not an error, and no false "no public inputs"', async () => {
    const proof = makeProof(1, {
      signature: null,
      circuitName: null,
      verified: null,
      revoked: null,
      publicInputs: {},
      freshness: { source: 'cache', fetchedAt: Date.now() - 60_000, offline: { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' }, summaryOnly: true },
    })
    const { wrapper } = await mountView(ProofDetailView, `/proofs/${proof.proofAccount}`, (fake) => fake.handle('getProof', () => proof))
    expect(wrapper.find('[data-testid="error-panel"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="detail-summary-only"]').text()).toBe('Full detail was not fetched before going offline; showing the saved summary.')
    expect(wrapper.get('[data-testid="proof-detail"]').text()).toContain(proof.proofAccount)
    expect(wrapper.get('[data-testid="proof-inputs-not-fetched"]').text()).toContain('Not saved')
    expect(wrapper.text()).not.toContain('This proof has no public inputs')
  })
})
