/**
 * The security options every app window must be created with (Electron's
 * security checklist), as the window's unit test and the desktop test on the
 * built bundle both hold the app to them (used by tests only).
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
} as const
