import { ProofWatchError } from '@shared/errors'

/** The ProofWatchError a promise rejected with, or a call threw or rejected with; anything else fails the test. */
export async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<ProofWatchError> {
  try {
    await (typeof promise === 'function' ? promise() : promise)
  } catch (error) {
    if (error instanceof ProofWatchError) return error
    throw error
  }
  throw new Error('expected a ProofWatchError, but the call succeeded')
}

export function thrown(run: () => unknown): ProofWatchError {
  try {
    run()
  } catch (error) {
    if (error instanceof ProofWatchError) return error
    throw error
  }
  throw new Error('expected a ProofWatchError, but nothing was thrown')
}
