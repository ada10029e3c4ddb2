/** The Electron entry. Everything it does is composed, and tested, in electron/app-main.ts. */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, net, Notification, powerMonitor, protocol, safeStorage, screen, shell, Tray } from 'electron'
import { createMonitor } from './core/monitor/monitor'
import { builtInDemo } from './demo/built-in-demo'
import { runApp } from './electron/app-main'
import { applyV8MemoryFlags } from './core/memory/v8-memory-flags'

// Before the core allocates anything (see v8-memory-flags.ts for why at run time, not with --js-flags).
applyV8MemoryFlags()

void runApp(
  { app, BrowserWindow, dialog, ipcMain, Menu, Tray, Notification, shell, powerMonitor, net, screen, nativeTheme, safeStorage, protocol },
  {
    mainDir: import.meta.dirname,
    argv: process.argv.slice(1),
    env: process.env,
    platform: process.platform,
    createMonitor: (options) => createMonitor({ ...options, demo: builtInDemo() }),
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    processArgv: process.argv,
  },
)
