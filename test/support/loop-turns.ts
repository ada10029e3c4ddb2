/**
 * Logs `turn` at every turn of the event loop until stopped, so that a test
 * can see whether the loop ran between two things it logs itself (two
 * writes of a queue, two parts handed on).
 */
export function logLoopTurns(events: string[]): () => void {
  let done = false
  const turn = (): void => {
    events.push('turn')
    if (!done) setImmediate(turn)
  }
  setImmediate(turn)
  return () => (done = true)
}
