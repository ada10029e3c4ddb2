/**
 * The start and stop every serve-mode suite needs, once: called in a
 * `describe`, it registers a beforeAll that starts the suite's indexer (if
 * it has one of its own) and then serve mode with a page, and an afterAll
 * that stops serve, then the indexer. Tests read what was started from the
 * object returned; the suite's own beforeAll, registered after, runs after.
 */
import { afterAll, beforeAll } from 'vitest'
import { stopInOrder, type ServedPage } from './processes'

type Stoppable = { stop(): Promise<unknown> } | { close(): Promise<unknown> }

export interface ServedSuiteSetUp<Indexer extends Stoppable | null> {
  /** The indexer serve mode reads; none when serve runs its built-in demo. */
  indexer?: () => Promise<Indexer>
  /** Serve mode with a page, on that indexer (`startServeWithPage`). */
  serve: (indexer: Indexer) => Promise<ServedPage>
}

/** What was started; `page` and `baseUrl` are the served page's. */
export interface ServedSuite<Indexer extends Stoppable | null> extends Readonly<Pick<ServedPage, 'page' | 'baseUrl'>> {
  /** The suite's indexer; a test that stopped it (an outage) gets an error until it is back. */
  readonly indexer: Indexer
  readonly served: ServedPage
  /** An outage: stops the indexer, which afterAll then passes over. */
  stopIndexer(): Promise<void>
  /** The indexer a test started again after an outage, for the tests after it and for afterAll. */
  indexerBack(indexer: Indexer): void
}

export function servedSuite<Indexer extends Stoppable | null = null>(setUp: ServedSuiteSetUp<Indexer>): ServedSuite<Indexer> {
  let indexer: Indexer | null = null
  let indexerStopped = false
  let served: ServedPage | null = null
  const startedFirst = (): ServedPage => {
    if (!served) throw new Error('serve mode is not started: read the suite in a test or a later beforeAll')
    return served
  }

  beforeAll(async () => {
    indexer = setUp.indexer ? await setUp.indexer() : null
    // Without an indexer of its own the suite's type is null, which is what serve is given.
    served = await setUp.serve(indexer as Indexer)
  })

  afterAll(() => stopInOrder(served, indexer))

  return {
    get indexer() {
      if (indexerStopped) throw new Error('the indexer is stopped (an outage in an earlier test)')
      return indexer as Indexer
    },
    get served() {
      return startedFirst()
    },
    get page() {
      return startedFirst().page
    },
    get baseUrl() {
      return startedFirst().baseUrl
    },
    async stopIndexer() {
      await stopInOrder(indexer)
      indexer = null
      indexerStopped = true
    },
    indexerBack(next) {
      indexer = next
      indexerStopped = false
    },
  }
}
