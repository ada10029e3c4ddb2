import type { ProfileInput } from '@shared/settings'
import { applySettingsPatch, DEFAULT_SETTINGS, type SavedSettings } from '../../src/main/core/config/settings'

/** Saved settings whose active profile watches `httpUrl`: how the scenario tests point a monitor at an indexer. */
export function watchingSettings(httpUrl: string, profile: Partial<ProfileInput> = {}): SavedSettings {
  return applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Demo', httpUrl, ...profile } }, () => 'test').settings
}
