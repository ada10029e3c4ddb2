/** Standalone entry of the demo indexer (`npm run demo-indexer -- --port 8787`). */
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from './catalog'
import { parseDemoCliArgs } from './cli-args'
import { startDemoIndexer } from './server'

async function main(): Promise<void> {
  const command = parseDemoCliArgs(process.argv.slice(2))
  if (command.kind === 'help') {
    console.log(command.text)
    return
  }
  if (command.kind === 'error') {
    console.error(`demo-indexer: ${command.message}\nTry --help.`)
    process.exitCode = 2
    return
  }

  const indexer = await startDemoIndexer(command.options)
  console.log(
    `Demo indexer listening: ${indexer.httpUrl}  ${indexer.wsUrl}  (demo credential: cookie ${indexer.cookieName}=${indexer.credential})`,
  )
  console.log(`Demo wallet: ${DEMO_WALLET}`)
  console.log(`Busy addresses: ${DEMO_BUSY_ADDRESSES.join('  ')}`)
  console.log(
    indexer.pushAddressEvents
      ? 'Pushing: address transactions, stats every 2 s and every notice (--push-address-events)'
      : 'As the reference deployment: address channels silent, stats once a minute, watched-address notices from /api/users/me/watched',
  )

  let stopping = false
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the demo indexer`)
    indexer.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('demo-indexer: could not stop cleanly:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error('demo-indexer:', error instanceof Error ? error.message : error)
  process.exitCode = 1
})
