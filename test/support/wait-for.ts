/** Resolves once `check` holds, polling every 10 ms; rejects after `timeoutMs`. */
export function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await check()) return resolve()
      if (Date.now() - started > timeoutMs) return reject(new Error(`condition not met within ${timeoutMs} ms`))
      setTimeout(() => void tick().catch(reject), 10)
    }
    void tick().catch(reject)
  })
}
