import type { IndexerProfile, ProfileInput } from '@shared/settings'
import { addressProblem } from './address-problem'

/** What to do with the profile's credential: keep the saved one, remove it, or set a new one. */
export type CredentialChoice = 'keep' | 'none' | 'cookie' | 'bearer'

export interface ProfileForm {
  id: string | null
  name: string
  httpUrl: string
  wsUrl: string
  wallet: string
  credential: CredentialChoice
  cookieName: string
  /** Never filled from settings: a saved secret does not come back. */
  secret: string
}

export type ProfileField = 'name' | 'httpUrl' | 'wsUrl' | 'wallet' | 'cookieName' | 'secret'
export type ProfileProblems = Partial<Record<ProfileField, string>>

export function emptyProfileForm(): ProfileForm {
  return { id: null, name: '', httpUrl: '', wsUrl: '', wallet: '', credential: 'none', cookieName: 'zkhelios_session', secret: '' }
}

export function profileFormOf(profile: IndexerProfile): ProfileForm {
  return {
    id: profile.id,
    name: profile.name,
    httpUrl: profile.httpUrl,
    wsUrl: profile.wsUrl ?? '',
    wallet: profile.wallet ?? '',
    credential: profile.credentialSet ? 'keep' : 'none',
    cookieName: 'zkhelios_session',
    secret: '',
  }
}

/** Why `text` is not a URL with one of `schemes` (e.g. ['http:', 'https:']), or null when it is one. */
export function urlProblem(text: string, schemes: readonly string[], what: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return `${what} is not a URL; it should look like ${schemes[1]}//indexer.example.com`
  }
  if (!schemes.includes(url.protocol)) {
    return `${what} must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}, not ${url.protocol}//`
  }
  if (!url.hostname) return `${what} has no host name`
  if (url.username || url.password) return `${what} must not hold a user name or password; use the credential field`
  return null
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** Every problem of the form, by field; empty when it can be sent to main (which checks again). */
export function profileProblems(form: ProfileForm): ProfileProblems {
  const problems: ProfileProblems = {}
  if (form.name.trim() === '') problems.name = 'Give the indexer a name.'
  const httpUrl = form.httpUrl.trim()
  if (httpUrl === '') problems.httpUrl = 'Enter the indexer’s HTTP URL.'
  else {
    const problem = urlProblem(httpUrl, ['http:', 'https:'], 'The HTTP URL')
    if (problem) problems.httpUrl = problem
  }
  const wsUrl = form.wsUrl.trim()
  if (wsUrl !== '') {
    const problem = urlProblem(wsUrl, ['ws:', 'wss:'], 'The WebSocket URL')
    if (problem) problems.wsUrl = problem
  }
  const wallet = form.wallet.trim()
  if (wallet !== '') {
    const problem = addressProblem(wallet)
    if (problem) problems.wallet = problem
  }
  if (form.credential === 'cookie' && !COOKIE_NAME.test(form.cookieName.trim())) {
    problems.cookieName = 'A cookie name has letters, digits and - _ . only.'
  }
  if ((form.credential === 'cookie' || form.credential === 'bearer') && form.secret.trim() === '') {
    problems.secret = form.credential === 'cookie' ? 'Enter the cookie’s value.' : 'Enter the token.'
  }
  if (form.secret.includes('\n') || form.secret.includes('\r')) problems.secret = 'The value must be on one line.'
  return problems
}

/** The profile as main takes it; a credential is only sent when it is set or removed. */
export function profileInputOf(form: ProfileForm): ProfileInput {
  const input: ProfileInput = {
    name: form.name.trim(),
    httpUrl: form.httpUrl.trim(),
    wsUrl: form.wsUrl.trim() || null,
    wallet: form.wallet.trim() || null,
  }
  if (form.id !== null) input.id = form.id
  if (form.credential === 'none') input.credential = null
  if (form.credential === 'cookie') input.credential = `cookie:${form.cookieName.trim()}=${form.secret.trim()}`
  if (form.credential === 'bearer') input.credential = `bearer:${form.secret.trim()}`
  return input
}
