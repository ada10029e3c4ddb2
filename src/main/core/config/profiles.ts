/**
 * The active profile, read and changed in one way: which saved profile this
 * run watches, and the one rule by which it follows a signed-in or launched wallet.
 */
import type { LaunchOptions } from './launch-options'
import type { SavedProfile, SavedSettings } from './settings'

/** The saved profile the settings name as active; undefined for the demo or an id no profile has. */
export function activeProfile(saved: SavedSettings): SavedProfile | undefined {
  return saved.profiles.find((p) => p.id === saved.activeProfileId)
}

/**
 * Saves `wallet` into the active profile, in place; true when `saved` changed
 * (the caller writes it). A run whose indexer came from flags leaves the saved
 * profile alone: the wallet belongs to that launch, not to the profile.
 */
export function adoptWallet(saved: SavedSettings, wallet: string | null | undefined, launch: LaunchOptions): boolean {
  const profile = activeProfile(saved)
  if (!wallet || !profile || launch.indexerUrl || profile.wallet === wallet) return false
  profile.wallet = wallet
  return true
}
