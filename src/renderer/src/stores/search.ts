import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { RouteLocationRaw } from 'vue-router'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { SearchHit } from '@shared/history'
import { getBridge } from '@renderer/bridge'
import { hasLength, isBase58, PUBKEY_LENGTH, SIGNATURE_TEXT_LENGTH } from '@shared/ids'


/** What typed text looks like: a transaction signature, an address or proof account, or words. */
export type SearchShape = 'empty' | 'signature' | 'address' | 'text'

export function searchShape(text: string): SearchShape {
  const trimmed = text.trim()
  if (trimmed === '') return 'empty'
  if (!isBase58(trimmed)) return 'text'
  if (hasLength(trimmed, SIGNATURE_TEXT_LENGTH)) return 'signature'
  if (hasLength(trimmed, PUBKEY_LENGTH)) return 'address'
  return 'text'
}

/** One line of the search results: a hit, or the detail view the text itself names. */
export interface SearchEntry {
  key: string
  kind: SearchHit['kind']
  title: string
  detail: string | null
  /** `guess`: nothing was found, but the text has the shape of this id. */
  source: SearchHit['source'] | 'guess'
  route: RouteLocationRaw
}

export function routeOfHit(kind: SearchHit['kind'], id: string): RouteLocationRaw {
  switch (kind) {
    case 'transaction':
      return { name: 'transaction', params: { signature: id } }
    case 'proof':
      return { name: 'proof', params: { account: id } }
    case 'address':
      return { name: 'address', params: { pubkey: id } }
    case 'circuit':
      return { name: 'watchlist', query: { circuit: id } }
    case 'notification':
      return { name: 'notifications', query: { focus: id } }
  }
}

function entryOf(hit: SearchHit): SearchEntry {
  return {
    key: `${hit.kind}:${hit.id}`,
    kind: hit.kind,
    title: hit.title,
    detail: hit.detail,
    source: hit.source,
    route: routeOfHit(hit.kind, hit.id),
  }
}

/** The entries a shape-only match offers when no search found the id itself. */
function guessesFor(shape: SearchShape, text: string): SearchEntry[] {
  const guess = (kind: SearchHit['kind'], title: string): SearchEntry => ({
    key: `guess:${kind}:${text}`,
    kind,
    title,
    detail: text,
    source: 'guess',
    route: routeOfHit(kind, text),
  })
  if (shape === 'signature') return [guess('transaction', 'Open this transaction')]
  if (shape === 'address') return [guess('address', 'Open this address'), guess('proof', 'Open this proof account')]
  return []
}

/**
 * The global search: the cache answers first, then, for an id the cache
 * does not hold, the indexer. Only the latest search's answers are kept.
 */
export const useSearchStore = defineStore('search', () => {
  const bridge = getBridge()
  const text = ref('')
  const hits = shallowRef<SearchHit[]>([])
  const stage = ref<'idle' | 'cache' | 'network' | 'done'>('idle')
  const error = shallowRef<ErrorInfo | null>(null)
  /** The indexer could not be asked; what the cache found is still shown. */
  const networkError = shallowRef<ErrorInfo | null>(null)
  let generation = 0

  const shape = computed(() => searchShape(text.value))
  const trimmed = computed(() => text.value.trim())

  function hasExact(found: readonly SearchHit[], id: string): boolean {
    return found.some((hit) => hit.id === id && hit.kind !== 'notification')
  }

  function merge(held: readonly SearchHit[], more: readonly SearchHit[]): SearchHit[] {
    const keys = new Set(held.map((hit) => `${hit.kind}:${hit.id}`))
    return [...held, ...more.filter((hit) => !keys.has(`${hit.kind}:${hit.id}`))]
  }

  async function run(next: string): Promise<void> {
    const mine = ++generation
    text.value = next
    hits.value = []
    error.value = null
    networkError.value = null
    const query = next.trim()
    const kind = searchShape(query)
    if (kind === 'empty') {
      stage.value = 'idle'
      return
    }
    stage.value = 'cache'
    try {
      const cached = await bridge.search({ text: query, network: false })
      if (mine !== generation) return
      hits.value = cached
    } catch (caught) {
      if (mine !== generation) return
      error.value = toErrorInfo(caught)
      stage.value = 'done'
      return
    }
    if ((kind === 'signature' || kind === 'address') && !hasExact(hits.value, query)) {
      stage.value = 'network'
      try {
        const found = await bridge.search({ text: query, network: true })
        if (mine !== generation) return
        hits.value = merge(hits.value, found)
      } catch (caught) {
        if (mine !== generation) return
        networkError.value = toErrorInfo(caught)
      }
    }
    stage.value = 'done'
  }

  function reset(): void {
    generation++
    text.value = ''
    hits.value = []
    error.value = null
    networkError.value = null
    stage.value = 'idle'
  }

  const entries = computed<SearchEntry[]>(() => {
    const found = hits.value.map(entryOf)
    if (stage.value !== 'done' || hasExact(hits.value, trimmed.value)) return found
    return [...found, ...guessesFor(shape.value, trimmed.value)]
  })

  const busy = computed(() => stage.value === 'cache' || stage.value === 'network')

  return { text, shape, hits, entries, stage, busy, error, networkError, run, reset }
})
