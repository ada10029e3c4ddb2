import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where Electron keeps ProofWatch's data (`app.getPath('userData')`), so serve
 * mode and the app share settings and history by default.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'ProofWatch')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'ProofWatch')
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'ProofWatch')
}
