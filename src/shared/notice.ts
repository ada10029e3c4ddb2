/**
 * One pop-up the core decided to show (after the rules: sources, per
 * address, failed only, quiet hours, do not disturb, the per-minute cap and
 * burst summaries). The desktop shows it as a native notification; a
 * browser tab in serve mode through the Notification API, or as an in-app
 * toast when the page may not.
 */
export interface Notice {
  title: string
  body: string
  /** The app route a click opens. */
  route: string
  /** How many events it stands for (more than one: a summary). */
  count: number
  /** The event's key when it stands for one event, else null. */
  key: string | null
}
