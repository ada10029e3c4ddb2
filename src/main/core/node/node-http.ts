/**
 * node:http, read through require. An ESM import of node:http evaluates every
 * lazy export of its facade, among them WebSocket, which loads Node's whole
 * fetch implementation (undici: about 80 ms of a start on this machine) before
 * anything asked for it. Types may still be imported from 'node:http'.
 */
import { createRequire } from 'node:module'

export const nodeHttp = createRequire(import.meta.url)('node:http') as typeof import('node:http')
