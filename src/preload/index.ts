/**
 * The sandboxed preload: bundled into one CommonJS file where only `electron`
 * is required at runtime, so nothing here may import Node modules.
 * The page gets named methods only, never `ipcRenderer`.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { createIpcBridge } from './ipc-bridge'

contextBridge.exposeInMainWorld('proofwatch', createIpcBridge(ipcRenderer))
