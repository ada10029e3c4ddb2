/** Cold start the JSON-file way: read and parse the whole history, then take the newest 200. */
import { readFileSync } from 'node:fs'

const FIRST_SCREEN = 200

const path = process.argv[2]
if (!path) throw new Error('usage: cold-start-json <history.json>')
const history = JSON.parse(readFileSync(path, 'utf8')) as unknown[]
// The file is oldest first, as it was appended.
const proofs = structuredClone(history.slice(-FIRST_SCREEN).reverse())
process.stdout.write(`ready ${proofs.length}\n`)
