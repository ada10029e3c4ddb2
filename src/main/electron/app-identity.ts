/**
 * Who the app is to the OS. The same values are in electron-builder.yml
 * (checked by test/packaging): Windows matches notifications to the
 * installed shortcut by the AppUserModelId, Linux to the .desktop entry.
 */
export const APP_ID = 'com.proofwatch.app'
export const PRODUCT_NAME = 'ProofWatch'
/** The Linux .desktop file name; Electron's `desktopName`. */
export const DESKTOP_NAME = `${APP_ID}.desktop`
