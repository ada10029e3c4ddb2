/**
 * The one-time sign-in page main serves on 127.0.0.1: finds the browser's
 * wallets through the Wallet Standard, asks the chosen one to connect and to
 * sign the message main builds, and posts the signature back to main. It
 * never sees the session cookie: main keeps it.
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import './sign-in.css'

const CONNECT = 'standard:connect'
const SIGN_MESSAGE = 'solana:signMessage'
/** Wallets register as their extension loads; after this long without one, the page says none was found. */
const DISCOVERY_MS = 1500

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
}
interface SignMessageFeature {
  signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>): Promise<Array<{ signedMessage: Uint8Array; signature: Uint8Array }>>
}

const state = new URLSearchParams(location.search).get('state') ?? ''
const base = location.pathname.endsWith('/') ? location.pathname : `${location.pathname}/`
const statusLine = document.getElementById('status') as HTMLElement
const list = document.getElementById('wallets') as HTMLUListElement
const messageBox = document.getElementById('message-box') as HTMLElement
const messageText = document.getElementById('message') as HTMLElement
const domainText = document.getElementById('domain') as HTMLElement
const domainChanged = document.getElementById('domain-changed') as HTMLElement
let busy = false
let done = false

function say(text: string, kind: 'info' | 'error' | 'done' = 'info'): void {
  statusLine.textContent = text
  statusLine.dataset.kind = kind
}

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state, ...body }),
  })
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string }
  if (!response.ok) throw new Error(answer.error ?? `ProofWatch answered ${response.status}`)
  return answer
}

function usable(wallet: Wallet): boolean {
  return CONNECT in wallet.features && SIGN_MESSAGE in wallet.features
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

async function signIn(wallet: Wallet): Promise<void> {
  if (busy || done) return
  busy = true
  try {
    say(`Asking ${wallet.name} to connect…`)
    const { accounts } = await (wallet.features[CONNECT] as ConnectFeature).connect()
    const account = accounts.find((a) => a.features.includes(SIGN_MESSAGE)) ?? accounts[0]
    if (!account) throw new Error(`${wallet.name} gave no account.`)
    say(`Preparing the message for ${account.address}…`)
    const { message, domain, previousDomain } = await post<{ message: string; domain: string; previousDomain: string | null }>('challenge', { pubkey: account.address })
    messageText.textContent = message
    domainText.textContent = domain
    domainChanged.textContent = previousDomain === null ? '' : `This indexer's sign-in domain changed: it was ${previousDomain}. Sign only if you expected ${domain}.`
    domainChanged.hidden = previousDomain === null
    messageBox.hidden = false
    say(`Approve the message in ${wallet.name}.`)
    const [signed] = await (wallet.features[SIGN_MESSAGE] as SignMessageFeature).signMessage({ account, message: new TextEncoder().encode(message) })
    if (!signed) throw new Error(`${wallet.name} returned no signature.`)
    say('Checking the signature with the indexer…')
    const result = await post<{ user: { pubkey: string; displayName: string | null } }>('complete', { pubkey: account.address, signature: toBase64(signed.signature) })
    done = true
    list.replaceChildren()
    say(`Signed in as ${result.user.displayName ?? result.user.pubkey}. You can close this tab and go back to ProofWatch.`, 'done')
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error)
    // Wallets reject with their own words when the user declines.
    say(`Not signed in: ${text} Pick a wallet to try again.`, 'error')
  } finally {
    busy = false
  }
}

function render(wallets: readonly Wallet[]): void {
  if (done) return
  const found = wallets.filter(usable)
  list.replaceChildren(
    ...found.map((wallet) => {
      const item = document.createElement('li')
      const button = document.createElement('button')
      button.type = 'button'
      const icon = document.createElement('img')
      icon.src = wallet.icon
      icon.alt = ''
      icon.width = 24
      icon.height = 24
      button.append(icon, document.createTextNode(`Sign in with ${wallet.name}`))
      button.addEventListener('click', () => void signIn(wallet))
      item.append(button)
      return item
    }),
  )
  if (found.length > 0) say(found.length === 1 ? 'Pick the wallet to sign in with.' : 'Pick one of the wallets found in this browser.')
  return
}

if (state === '') {
  say('This page needs the link ProofWatch opened. Start the sign-in again from ProofWatch.', 'error')
} else {
  const registry = getWallets()
  render(registry.get())
  registry.on('register', () => render(registry.get()))
  registry.on('unregister', () => render(registry.get()))
  setTimeout(() => {
    if (!done && registry.get().filter(usable).length === 0) {
      say('No wallet found in this browser. Install a Solana wallet (Phantom, Solflare, Backpack) and reload this page, or sign in with a keypair file (see below).', 'error')
      const link = document.createElement('a')
      link.href = '#keypair'
      link.textContent = 'Sign in with a keypair file instead'
      statusLine.append(' ', link)
    }
  }, DISCOVERY_MS)
}
