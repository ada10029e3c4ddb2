/**
 * What draft notification rules would have raised over the last days of the
 * local cache (the settings' preview before saving). Plain data: it crosses
 * the bridge as structured clone and as JSON alike.
 */
import type { NotificationSource } from './notification-rules'

/** The days the preview looks back. */
export const RULE_PREVIEW_DAYS = 30
/** Cached events read at most (the newest): the preview of a busy cache stays quick. */
export const RULE_PREVIEW_CAP = 20_000
/** Pop-ups listed by time and title. */
export const RULE_PREVIEW_LISTED = 5

export interface RulePreviewDay {
  /** The local date, yyyy-mm-dd. */
  day: string
  /** Events that reached the centre that day. */
  events: number
  /** Native notifications the rules would have shown that day. */
  notifications: number
}

export interface RulePreviewNotice {
  /** Epoch ms it would have shown. */
  at: number
  title: string
  /** How many events it would have stood for (more than one: a summary). */
  count: number
  sources: NotificationSource[]
}

export interface RulePreview {
  /** Epoch ms the window starts. */
  since: number
  /** Events in the window (every one reaches the centre, whatever the rules). */
  events: number
  /** Native notifications the rules would have shown. */
  notifications: number
  /** Every day of the window, oldest first, zeros included. */
  days: RulePreviewDay[]
  /** The latest pop-ups, newest first. */
  latest: RulePreviewNotice[]
  /** The window held more events than RULE_PREVIEW_CAP: only the newest were read. */
  capped: boolean
  cap: number
}
