/**
 * Programs every Solana transaction may name, by their well-known ids: shown
 * by name, with the id on hover. Only ids fixed by the chain itself belong
 * here; an indexer's own program differs per deployment.
 */
export const KNOWN_PROGRAMS: Readonly<Record<string, string>> = {
  '11111111111111111111111111111111': 'System Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo Program',
}

/** The program's name, or null when it is not a well-known one. */
export function knownProgramName(programId: string | null | undefined): string | null {
  return programId ? (Object.hasOwn(KNOWN_PROGRAMS, programId) ? (KNOWN_PROGRAMS[programId] ?? null) : null) : null
}
