/** The Electron main process. Everything it does is composed, and tested, in electron/app-main.ts. */
import { app, BrowserWindow, dialog, globalShortcut, ipcMain, Menu, nativeTheme, net, Notification, powerMonitor, protocol, safeStorage, screen, shell, Tray } from 'electron'
import { createMonitor } from './core/monitor/monitor'
import { builtInDemoOf } from './demo/built-in-demo'
import { runApp } from './electron/app-main'

/** `mainDir`: the folder of the built entry (out/main), where the preload, the renderer and the icons are found from. */
export function startDesktopApp(mainDir: string): void {
  void runApp(
    { app, BrowserWindow, dialog, ipcMain, Menu, Tray, Notification, shell, powerMonitor, net, screen, nativeTheme, safeStorage, protocol, globalShortcut },
    {
      mainDir,
      argv: process.argv.slice(1),
      env: process.env,
      platform: process.platform,
      createMonitor: (options) =>
        createMonitor({ ...options, demo: builtInDemoOf(options.appInfo?.dataDir, options.launch?.demoPort, (message) => options.log?.warn(message)) }),
      defaultApp: process.defaultApp === true,
      execPath: process.execPath,
      processArgv: process.argv,
    },
  )
}
