import { describe, expect, it } from 'vitest'
import { emptyProfileForm, profileFormOf, profileInputOf, profileProblems, urlProblem, type ProfileForm } from './profile-form'

function form(overrides: Partial<ProfileForm>): ProfileForm {
  return { ...emptyProfileForm(), name: 'Prod', httpUrl: 'https://indexer.example', ...overrides }
}

describe('profile form', () => {
  it('accepts http(s) and ws(s) URLs only, and says why not', () => {
    expect(urlProblem('https://indexer.example', ['http:', 'https:'], 'The HTTP URL')).toBeNull()
    expect(urlProblem('http://127.0.0.1:8787', ['http:', 'https:'], 'The HTTP URL')).toBeNull()
    expect(urlProblem('wss://indexer.example/ws', ['ws:', 'wss:'], 'The WebSocket URL')).toBeNull()
    expect(urlProblem('indexer.example', ['http:', 'https:'], 'The HTTP URL')).toBe(
      'The HTTP URL is not a URL; it should look like https://indexer.example.com',
    )
    expect(urlProblem('javascript:alert(1)', ['http:', 'https:'], 'The HTTP URL')).toBe(
      'The HTTP URL must start with http:// or https://, not javascript://',
    )
    expect(urlProblem('https://user:pw@indexer.example', ['http:', 'https:'], 'The HTTP URL')).toMatch(/credential field/)
  })

  it('lists every problem by field', () => {
    expect(profileProblems(form({}))).toEqual({})
    expect(profileProblems(form({ name: ' ', httpUrl: '', wsUrl: 'http://x', wallet: 'abc', credential: 'cookie', cookieName: 'a b', secret: '' }))).toEqual({
      name: 'Give the indexer a name.',
      httpUrl: 'Enter the indexer’s HTTP URL.',
      wsUrl: 'The WebSocket URL must start with ws:// or wss://, not http://',
      wallet: 'An address is 32 to 44 characters long; this one has 3.',
      cookieName: 'A cookie name has letters, digits and - _ . only.',
      secret: 'Enter the cookie’s value.',
    })
  })

  it('sends a credential only when set or removed, never reading one back', () => {
    const saved = { id: 'p1', name: 'Prod', httpUrl: 'https://indexer.example', wsUrl: null, wallet: null, credentialSet: true }
    const editing = profileFormOf(saved)
    expect(editing.secret).toBe('')
    expect(editing.credential).toBe('keep')
    expect(profileInputOf(editing)).toEqual({ id: 'p1', name: 'Prod', httpUrl: 'https://indexer.example', wsUrl: null, wallet: null })
    expect(profileInputOf({ ...editing, credential: 'none' }).credential).toBeNull()
    expect(profileInputOf({ ...editing, credential: 'cookie', cookieName: 'zkhelios_session', secret: ' demo ' }).credential).toBe('cookie:zkhelios_session=demo')
    expect(profileInputOf({ ...editing, credential: 'bearer', secret: 'tok' }).credential).toBe('bearer:tok')
  })
})
