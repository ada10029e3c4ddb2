/**
 * One pop-up the core decided to show (after the rules: sources, per
 * address, failed only, quiet hours, do not disturb, the per-minute cap and
 * burst summaries). The desktop shows it as a native notification; a
 * browser tab in serve mode through the Notification API, or as an in-app
 * toast when the page may not.
 */
/**
 * What a pop-up is about, for the page's per-kind toast switches (the rules' `toasts`): the user's revocations and
 * failed transactions, health problems, watched addresses' activity, followed circuits, the user's own routine
 * proofs, and the indexer's other notifications.
 */
export type NoticeKind = 'alerts' | 'health' | 'watched' | 'circuits' | 'ownProofs' | 'other'

export const NOTICE_KINDS: readonly NoticeKind[] = ['alerts', 'health', 'watched', 'circuits', 'ownProofs', 'other']

export interface Notice {
  title: string
  body: string
  /** The app route a click opens. */
  route: string
  /** How many events it stands for (more than one: a summary). */
  count: number
  /** The event's key when it stands for one event, else null. */
  key: string | null
  /** The most important kind among the events it stands for. */
  kind: NoticeKind
  /** Why it shows: the rule that let it through, in words (its body's last line). Absent when unknown. */
  reason?: string
}
