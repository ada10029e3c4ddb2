/**
 * The history cache's cursor: the key of the last row a page held (proof
 * account, signature, notification id) in base64url. One definition for the
 * core, which makes and reads it, and for a capped list in the page, which
 * reads on from its last kept row in the cache after letting older rows go.
 */
export function cacheCursorAfter(key: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(key)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
