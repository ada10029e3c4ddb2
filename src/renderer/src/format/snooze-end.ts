import { localClockText, type Snooze } from '@shared/snooze'

/** "until 18:40", "until tomorrow 08:00", "until 30 Nov 08:00" or "until you end it", in local time. */
export function snoozeEndText(snooze: Pick<Snooze, 'until'>, now: number): string {
  if (snooze.until === null) return 'until you end it'
  const end = new Date(snooze.until)
  if (Number.isNaN(end.getTime())) return 'for a while'
  const today = new Date(now)
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1)
  if (end.toDateString() === today.toDateString()) return `until ${localClockText(end.getTime())}`
  if (end.toDateString() === tomorrow.toDateString()) return `until tomorrow ${localClockText(end.getTime())}`
  return `until ${end.getDate()} ${end.toLocaleString('en', { month: 'short' })} ${localClockText(end.getTime())}`
}
