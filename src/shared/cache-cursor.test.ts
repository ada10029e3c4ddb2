import { describe, expect, it } from 'vitest'
import { cacheCursorAfter } from './cache-cursor'

describe('cacheCursorAfter', () => {
  it('is the base64url of the key as UTF-8, without padding, as the core has always made it', () => {
    for (const key of ['', 'a', 'ab', 'abc', '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 'é—✓', 'a/b+c?']) {
      expect(cacheCursorAfter(key)).toBe(Buffer.from(key, 'utf8').toString('base64url'))
    }
  })
})
