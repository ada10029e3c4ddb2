import { shallowRef } from 'vue'
import type { FetchAllState } from '@renderer/model/fetch-all'

/**
 * How far each fetch-all got, by kind and filter: shared by every export
 * control of this page, and kept while the page lives, so a stopped or
 * failed run goes on where it stopped (what it fetched is in the cache).
 */
export const fetchAllProgress = shallowRef<ReadonlyMap<string, FetchAllState>>(new Map())
