import { DEMO_PROFILE_ID } from '@shared/settings'
import { parseCredential, type Credential } from './credentials'
import type { LaunchOptions } from './launch-options'
import type { SecretStore } from './secrets'
import { deriveWsUrl, type SavedSettings } from './settings'

/** The indexer this run watches, with what main sends it. */
export interface IndexerTarget {
  /** The profile it comes from; `launch` when flags or environment named the indexer. */
  profileId: string
  demo: boolean
  httpUrl: string
  wsUrl: string
  credential: Credential | null
  wallet: string | null
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
 * A credential from PROOFWATCH_CREDENTIAL wins over the saved one.
 */
export function resolveTarget(
  saved: SavedSettings,
  launch: LaunchOptions,
  secrets: SecretStore,
  demo: () => DemoEndpoints,
): IndexerTarget {
  const launchCredential = launch.credential ? parseCredential(launch.credential) : null
  if (launch.indexerUrl) {
    return {
      profileId: LAUNCH_PROFILE_ID,
      demo: false,
      httpUrl: launch.indexerUrl,
      wsUrl: launch.wsUrl ?? deriveWsUrl(launch.indexerUrl),
      credential: launchCredential,
      wallet: launch.wallet ?? null,
    }
  }
  const profile = saved.profiles.find((p) => p.id === saved.activeProfileId)
  if (!profile || saved.activeProfileId === DEMO_PROFILE_ID) {
    const endpoints = demo()
    return {
      profileId: DEMO_PROFILE_ID,
      demo: true,
      httpUrl: endpoints.httpUrl,
      wsUrl: endpoints.wsUrl,
      credential: launchCredential ?? parseCredential(endpoints.credential),
      wallet: launch.wallet ?? endpoints.wallet,
    }
  }
  const stored = secrets.get(profile.id)
  return {
    profileId: profile.id,
    demo: false,
    httpUrl: profile.httpUrl,
    wsUrl: profile.wsUrl ?? deriveWsUrl(profile.httpUrl),
    credential: launchCredential ?? (stored ? safeParse(stored) : null),
    wallet: launch.wallet ?? profile.wallet,
  }
}

/** A stored credential that no longer parses is treated as none (the user is told sign-in is needed). */
function safeParse(text: string): Credential | null {
  try {
    return parseCredential(text)
  } catch {
    return null
  }
}
