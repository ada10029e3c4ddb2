import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { toErrorInfo } from '@shared/errors'
import { defaultDataDir } from '../core/config/data-dir'
import { lockDataDir, type DataDirLock } from '../core/config/data-dir-lock'
import { createFileSettingsStorage } from '../core/config/file-settings-storage'
import { HISTORY_FILE_NAME } from '../core/history/database'
import { createFileSecretStorage } from '../core/config/secrets'
import { LAUNCH_USAGE, parseLaunchOptions } from '../core/config/launch-options'
import { consoleLogger, type Logger } from '../core/log/log'
import { createFileLogger } from '../core/log/log-file'
import { logUnhandledRejections } from '../core/log/unhandled-rejections'
import { KnownSecrets } from '../core/config/known-secrets'
import { createMonitor } from '../core/monitor/monitor'
import { DEMO_KEYPAIR_FILE } from '../core/sign-in/demo-keypair'
import { builtInDemoOf } from '../demo/built-in-demo'
import { startServe } from './server'

/** `npm run serve`: the same core and renderer as the app, in a browser on this host. `here`: the folder of the built entry (out/main). */
export async function runServe(here: string): Promise<void> {
  // Every credential serve mode holds (credentials.json, PROOFWATCH_CREDENTIAL, the demo's), kept out of every log line and page.
  const knownSecrets = new KnownSecrets()
  let log: Logger = knownSecrets.logger(consoleLogger('proofwatch-serve'))
  // Logged wherever the log goes by then (the file once it is open), and serving goes on.
  logUnhandledRejections({ info: (m, d) => log.info(m, d), warn: (m, d) => log.warn(m, d), error: (m, d) => log.error(m, d) })
  let launch
  try {
    launch = parseLaunchOptions(process.argv.slice(2), process.env, { strict: true })
    knownSecrets.addCredential(launch.credential)
  } catch (error) {
    console.error(toErrorInfo(error).message)
    console.error(LAUNCH_USAGE)
    process.exit(2)
  }
  if (launch.help) {
    console.log(`Usage: npm run serve -- [options]\n${LAUNCH_USAGE}`)
    return
  }
  const rendererDir = resolve(here, '../renderer')
  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.error(`The renderer is not built (${rendererDir}); run npm run build first.`)
    process.exit(1)
  }
  const dataDir = resolve(launch.dataDir ?? defaultDataDir())
  let lock: DataDirLock
  try {
    // Before anything is read or written there: a second process would overwrite the first one's settings and cache.
    lock = lockDataDir(dataDir, { kind: 'serve' })
  } catch (error) {
    console.error(toErrorInfo(error).message)
    process.exit(1)
  }
  process.once('exit', () => lock.release())
  let logFile: string | null = null
  try {
    // The same rotating, redacted log as the app keeps, beside the console.
    const fileLog = createFileLogger({
      dir: join(dataDir, 'logs'),
      echo: consoleLogger('proofwatch-serve'),
      redactKnown: (line) => knownSecrets.redactText(line),
    })
    log = knownSecrets.logger(fileLog)
    logFile = fileLog.file
  } catch (error) {
    log.warn('Logging to the console only', toErrorInfo(error))
  }
  const secrets = createFileSecretStorage(dataDir, log)
  knownSecrets.watch(secrets)
  const monitor = createMonitor({
    settings: createFileSettingsStorage(dataDir, log),
    secrets,
    knownSecrets,
    historyPath: join(dataDir, HISTORY_FILE_NAME),
    launch,
    log,
    signInPageRoot: rendererDir,
    demoKeypairPath: join(dataDir, DEMO_KEYPAIR_FILE),
    demo: builtInDemoOf(dataDir, launch.demoPort, (message) => log.warn(message)),
    appInfo: { platform: 'browser', version: process.env.npm_package_version ?? 'dev', dataDir, logFile },
  })
  await monitor.start()
  const serve = await startServe({ monitor, rendererDir, port: launch.port ?? 0, log })
  console.log(`ProofWatch serving at ${serve.url}`)

  const shutdown = async () => {
    await serve.close()
    await monitor.stop()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown())
  process.once('SIGTERM', () => void shutdown())
}
