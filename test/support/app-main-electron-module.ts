// The `electron` module the runApp tests mock in (each file: vi.mock('electron', () => import(here))):
// electron-store reads the userData folder from it.
export const paths: Record<string, string> = {}
export const app = { getPath: (name: string) => paths[name] ?? '', getVersion: () => '0.1.0' }
export const ipcMain = { on() {} }
export const shell = {}
export default { app, ipcMain, shell }
