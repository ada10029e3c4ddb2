/**
 * Characters a person cannot see as they are: C0 and C1 controls and DEL;
 * bidi controls (U+061C, U+200E/F, U+202A–202E, U+2066–2069) and
 * zero-width characters (U+200B–200D, U+2060, U+FEFF). One definition for
 * notification text, the sign-in message check and the account's fields.
 */

export function isInvisibleCharacter(code: number): boolean {
  return (
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    code === 0x2060 ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  )
}

export function isControlCharacter(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f)
}

function isHidden(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  return isControlCharacter(code) || isInvisibleCharacter(code)
}

export function hasHiddenCharacters(text: string): boolean {
  for (const char of text) if (isHidden(char)) return true
  return false
}

export function withoutHiddenCharacters(text: string): string {
  let out = ''
  for (const char of text) if (!isHidden(char)) out += char
  return out
}
