/** Cold start the JSON-file way: read and parse the whole history, then take the newest 200 proofs. */
import { readFileSync } from 'node:fs'
import type { JsonHistory } from '../lib/json-history'

const FIRST_SCREEN = 200

const path = process.argv[2]
if (!path) throw new Error('usage: cold-start-json <history.json>')
const history = JSON.parse(readFileSync(path, 'utf8')) as JsonHistory
// Each list is oldest first, as it was appended.
const proofs = structuredClone(history.proofs.slice(-FIRST_SCREEN).reverse())
process.stdout.write(`ready ${proofs.length}\n`)
