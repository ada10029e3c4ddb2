import { DEMO_PROFILE_ID } from '@shared/settings'
import { parseCredential, tryParseCredential, type Credential } from '../config/credentials'
import type { LaunchOptions } from '../config/launch-options'
import type { SecretStorage } from '../config/secrets'
import { deriveWsUrl, type SavedSettings } from '../config/settings'
import { activeProfile } from '../config/profiles'
import { readSession, sessionCredential } from '../sign-in/stored-session'

/** The indexer this run watches, with what main sends it. */
export interface IndexerTarget {
  /** The profile it comes from; `launch` when flags or environment named the indexer. */
  profileId: string
  demo: boolean
  httpUrl: string
  wsUrl: string
  credential: Credential | null
  wallet: string | null
  /** The credential is the session of a sign-in (not pasted, not the demo's own). */
  signedIn: boolean
  /** A pasted credential is kept for this profile (used whenever no sign-in is). */
  pastedCredential: boolean
}

/** What the built-in demo indexer answers to, once it runs. */
export interface DemoEndpoints {
  httpUrl: string
  wsUrl: string
  /** Its session credential, so the demo's user channels work without a sign-in. */
  credential: string
  wallet: string
}

export const LAUNCH_PROFILE_ID = 'launch'

/**
 * Flags and environment first (for this run only), then the active profile;
 * the demo profile needs the demo running, which the caller starts on `demo`.
 * A credential from PROOFWATCH_CREDENTIAL wins over a sign-in, which wins
 * over a pasted credential; the signed-in wallet is the one followed.
 */
export function resolveTarget(
  saved: SavedSettings,
  launch: LaunchOptions,
  secrets: SecretStorage,
  demo: () => DemoEndpoints,
): IndexerTarget {
  const launchCredential = launch.credential ? parseCredential(launch.credential) : null
  const signedIn = (httpUrl: string, pasted: Credential | null, wallet: string | null) => {
    const session = launchCredential ? null : readSession(secrets, httpUrl)
    return {
      credential: launchCredential ?? (session ? sessionCredential(session) : pasted),
      wallet: launch.wallet ?? session?.user.pubkey ?? wallet,
      signedIn: session !== null,
    }
  }
  if (launch.indexerUrl) {
    return {
      profileId: LAUNCH_PROFILE_ID,
      demo: false,
      httpUrl: launch.indexerUrl,
      wsUrl: launch.wsUrl ?? deriveWsUrl(launch.indexerUrl),
      ...signedIn(launch.indexerUrl, null, null),
      pastedCredential: launchCredential !== null,
    }
  }
  const profile = activeProfile(saved)
  if (!profile || saved.activeProfileId === DEMO_PROFILE_ID) {
    const endpoints = demo()
    return {
      profileId: DEMO_PROFILE_ID,
      demo: true,
      httpUrl: endpoints.httpUrl,
      wsUrl: endpoints.wsUrl,
      ...signedIn(endpoints.httpUrl, parseCredential(endpoints.credential), endpoints.wallet),
      pastedCredential: false,
    }
  }
  const stored = secrets.get(profile.id)
  return {
    profileId: profile.id,
    demo: false,
    httpUrl: profile.httpUrl,
    wsUrl: profile.wsUrl ?? deriveWsUrl(profile.httpUrl),
    ...signedIn(profile.httpUrl, stored ? tryParseCredential(stored) : null, profile.wallet),
    pastedCredential: stored !== null || launchCredential !== null,
  }
}

/**
 * Whether saving `after` over `before` changes what is watched, so the monitor
 * reconnects: another profile, the active one's URLs, wallet or name, or a new
 * credential saved for it (`savedCredentials`: the profile ids given one).
 */
export function changesIndexer(before: SavedSettings, after: SavedSettings, savedCredentials: ReadonlyMap<string, unknown>): boolean {
  return (
    before.activeProfileId !== after.activeProfileId ||
    JSON.stringify(activeProfile(before) ?? null) !== JSON.stringify(activeProfile(after) ?? null) ||
    savedCredentials.has(after.activeProfileId)
  )
}
