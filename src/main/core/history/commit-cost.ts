/**
 * What a COMMIT costs a record, from the recent ones (their times and
 * records, older ones weighing less), so that a transaction that must end
 * near a time foresees its COMMIT from the records it holds. A COMMIT writes
 * the pages its records dirtied to the log: on a large cache it took about
 * as long as applying them (0.5 ms for 8 records, 7-9 ms for 250-290), so
 * the last COMMIT's own time says little of the next one's.
 */
export class CommitCost {
  private ms = 0
  private records = 0

  /** The COMMIT of a transaction holding `records`, in ms: 0 until one was noted. */
  foresee(records: number): number {
    return this.records === 0 ? 0 : (records * this.ms) / this.records
  }

  note(ms: number, records: number): void {
    // Older commits count less (halved every two or so): the cost follows the cache's size and what else runs.
    this.ms = this.ms * COMMIT_COST_DECAY + ms
    this.records = this.records * COMMIT_COST_DECAY + records
  }
}

/** How much the commits before the last still weigh in the cost of a record's COMMIT. */
const COMMIT_COST_DECAY = 0.7
