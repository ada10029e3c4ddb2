import { describe, expect, it } from 'vitest'
import { cleanNotificationText, namedAddress, notificationText, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './notification-text'

describe('cleanNotificationText', () => {
  it('turns NUL, BEL, ESC, DEL and C1 controls into collapsed spaces', () => {
    expect(cleanNotificationText('a\u0000b\u0007c\u001b[31md\u007fe\u0085f\u009bg', 100)).toBe('a b c [31md e f g')
  })

  it('drops bidi overrides, isolates and marks so a name reads as it is', () => {
    expect(cleanNotificationText('invoice\u202Egnp.exe\u202C', 100)).toBe('invoicegnp.exe')
    expect(cleanNotificationText('\u2066a\u2067b\u2068c\u2069\u200Ed\u200Fe\u061Cf\u202Ag\u202Bh\u202Di', 100)).toBe('abcdefghi')
  })

  it('drops zero-width characters and a byte-order mark', () => {
    expect(cleanNotificationText('\uFEFFpa\u200By\u200Cp\u200Da\u2060l', 100)).toBe('paypal')
  })

  it('collapses whitespace and trims the ends', () => {
    expect(cleanNotificationText('  New\n\n\tproof \u00A0 verified \r\n', 100)).toBe('New proof verified')
  })

  it('drops a lone surrogate and keeps a pair whole', () => {
    expect(cleanNotificationText('a\uD800b\uDC00c 🎉', 100)).toBe('abc 🎉')
    expect(cleanNotificationText('🎉🎉🎉', 2)).toBe('🎉…')
  })

  it('cuts at the limit with an ellipsis, and leaves text at the limit alone', () => {
    expect(cleanNotificationText('x'.repeat(10), 10)).toBe('x'.repeat(10))
    expect(cleanNotificationText('x'.repeat(11), 10)).toBe(`${'x'.repeat(9)}…`)
  })

  it('cuts a 200,000-character body to 500', () => {
    const { title, body } = notificationText({ title: 't'.repeat(5000), body: 'b'.repeat(200_000) })
    expect(title).toHaveLength(NOTIFICATION_TITLE_MAX)
    expect(body).toHaveLength(NOTIFICATION_BODY_MAX)
    expect(body.endsWith('…')).toBe(true)
  })

  it('gives an empty string for text that is only controls and invisibles', () => {
    expect(cleanNotificationText('\u0000\u200B\u202E \n', 10)).toBe('')
  })

  it('names an address beside its short key, the name cleaned and cut, or gives the short key alone', () => {
    const pubkey = 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu'
    expect(namedAddress(pubkey, 'Treasury')).toBe('Treasury (Hy7J…yQPu)')
    expect(namedAddress(pubkey, '\u202Eevil\u0007 name')).toBe('evil name (Hy7J…yQPu)')
    expect(namedAddress(pubkey, 'x'.repeat(100))).toBe(`${'x'.repeat(39)}… (Hy7J…yQPu)`)
    expect(namedAddress(pubkey, '\u200B ')).toBe('Hy7J…yQPu')
    expect(namedAddress(pubkey, null)).toBe('Hy7J…yQPu')
  })
})
