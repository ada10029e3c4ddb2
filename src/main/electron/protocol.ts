/**
 * `proofwatch://` links: registered with the OS, received by `open-url`
 * (macOS) or on the command line (Windows, Linux; a second launch hands its
 * command line to the first), checked by the core's parser, then opened in
 * the window. A link that does not check is refused with the reason and
 * never followed.
 */
import { resolve } from 'node:path'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { DEEP_LINK_SCHEME, findDeepLinkArgument, parseDeepLink } from '../core/links/deep-link'
import type { Logger } from '../core/log/log'

export interface ProtocolClientApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean
}

export interface ProtocolRegistration {
  /** `process.defaultApp`: run as `electron <script>` (development), not as the packaged app. */
  defaultApp: boolean
  execPath: string
  /** `process.argv`. */
  argv: readonly string[]
}

/**
 * Makes this app the handler of `proofwatch://`. In development the OS must
 * start Electron with the app's script, so the script goes with it.
 */
export function registerProtocolClient(app: ProtocolClientApp, registration: ProtocolRegistration, log: Logger): boolean {
  const script = registration.argv[1]
  const registered =
    registration.defaultApp && script
      ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, registration.execPath, [resolve(script)])
      : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  if (!registered) log.warn(`Could not register ${DEEP_LINK_SCHEME}:// links with the system`)
  return registered
}

export interface DeepLinkRouterDeps {
  /** Shows the window and opens the route. */
  open(route: string): void
  /** Tells the user a link was refused, and why. */
  refuse(problem: ErrorInfo): void
  log: Logger
}

/** Links that arrive before the window can take them wait; only the last one counts. */
export class DeepLinkRouter {
  private ready = false
  private waiting: string | null = null

  constructor(private readonly deps: DeepLinkRouterDeps) {}

  /** Opens a link; false when it was refused. */
  handle(url: string): boolean {
    let route: string
    try {
      route = parseDeepLink(url).route
    } catch (error) {
      const info = toErrorInfo(error)
      const problem: ErrorInfo = { ...info, message: `Link not opened: ${info.message}` }
      this.deps.log.warn(problem.message)
      this.deps.refuse(problem)
      return false
    }
    this.deps.log.info('Opening a link', { route })
    if (this.ready) this.deps.open(route)
    else this.waiting = route
    return true
  }

  /** The link on a command line, if any; true when there was one and it opened. */
  handleArgv(argv: readonly string[]): boolean {
    const link = findDeepLinkArgument(argv)
    return link !== null && this.handle(link)
  }

  /** The window can take links now; opens the one that waited. */
  markReady(): void {
    this.ready = true
    const waiting = this.waiting
    this.waiting = null
    if (waiting !== null) this.deps.open(waiting)
  }
}
