/**
 * The one cleaning of a notification's words before anything pops up
 * (desktop natives, the browser's Notification API, the page's toasts).
 * An indexer's title or body is free text: control characters (NUL, BEL,
 * ESC…) reach the OS notification daemon as is, a right-to-left override
 * turns "‮gnp.exe" around, zero-width characters hide words, and a body of
 * 200,000 characters fills the screen. So: controls become spaces, bidi and
 * zero-width characters and lone surrogates go, whitespace collapses, and
 * the text is cut with an ellipsis.
 */

import { isControlCharacter, isInvisibleCharacter } from './hidden-characters'
import { shortId } from './ids'

export const NOTIFICATION_TITLE_MAX = 120
export const NOTIFICATION_BODY_MAX = 500
/** Text past this is never looked at: the cut keeps far less, so a huge body costs no time. */
const SCAN_MAX = 100_000

function isWhitespace(char: string): boolean {
  return /\s/.test(char)
}

/** `text` cleaned and cut to at most `max` characters (code points), "…" ending a cut. */
export function cleanNotificationText(text: string, max: number): string {
  const source = typeof text === 'string' ? text.slice(0, SCAN_MAX) : ''
  const out: string[] = []
  let pendingSpace = false
  // Iterating by code point keeps surrogate pairs whole; a lone half comes out as one char and is dropped.
  for (const char of source) {
    const code = char.codePointAt(0) ?? 0
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) continue
    if (isInvisibleCharacter(code)) continue
    if (isControlCharacter(code) || isWhitespace(char)) {
      pendingSpace = out.length > 0
      continue
    }
    if (pendingSpace) out.push(' ')
    pendingSpace = false
    out.push(char)
    // One more than the cut is enough to know the text was cut.
    if (out.length > max) break
  }
  if (out.length <= max) return out.join('')
  return `${out.slice(0, Math.max(0, max - 1)).join('').trimEnd()}…`
}

export const NOTIFICATION_REASON_MAX = 160

/**
 * A notification's title and body, cleaned and cut (120 and 500 characters); a pop-up's reason, cleaned and cut
 * too, becomes the body's last line.
 */
export function notificationText(notice: { title: string; body: string; reason?: string }): { title: string; body: string } {
  const body = cleanNotificationText(notice.body, NOTIFICATION_BODY_MAX)
  const reason = notice.reason === undefined ? '' : cleanNotificationText(notice.reason, NOTIFICATION_REASON_MAX)
  return { title: cleanNotificationText(notice.title, NOTIFICATION_TITLE_MAX), body: reason === '' ? body : `${body}\n${reason}` }
}

/** Names in a notification are cut shorter than a title: the key beside them must stay in view. */
const NAME_IN_NOTIFICATION_MAX = 40

/** An address as a notification names it: `Treasury (Hy7J…yQPu)`, or the short key alone without a name. */
export function namedAddress(pubkey: string, name: string | null): string {
  const clean = name === null ? '' : cleanNotificationText(name, NAME_IN_NOTIFICATION_MAX)
  return clean ? `${clean} (${shortId(pubkey)})` : shortId(pubkey)
}
