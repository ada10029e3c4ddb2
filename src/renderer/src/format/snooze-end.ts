import type { Snooze } from '@shared/snooze'

function clock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}

/** "until 18:40", "until tomorrow 08:00", "until 30 Nov 08:00" or "until you end it", in local time. */
export function snoozeEndText(snooze: Pick<Snooze, 'until'>, now: number): string {
  if (snooze.until === null) return 'until you end it'
  const end = new Date(snooze.until)
  if (Number.isNaN(end.getTime())) return 'for a while'
  const today = new Date(now)
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1)
  if (end.toDateString() === today.toDateString()) return `until ${clock(end)}`
  if (end.toDateString() === tomorrow.toDateString()) return `until tomorrow ${clock(end)}`
  return `until ${end.getDate()} ${end.toLocaleString('en', { month: 'short' })} ${clock(end)}`
}
