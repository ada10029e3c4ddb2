/**
 * The instructions each kind of demo transaction carries: the one place that
 * says which programs and accounts a kind touches. A record's program ids and
 * accounts, and the wire's instructions and logs, are all derived from it.
 */
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  COMPUTE_UNIT_LIMIT,
  DEMO_VERIFIER_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from './catalog'
import type { TransactionBody, TransactionKind } from './records'

export interface DemoInstruction {
  programId: string
  accounts: string[]
  decoded: Record<string, unknown>
  /** The `Program log:` lines the program writes. */
  logs: string[]
}

/** What a record keeps of its instructions. */
export interface TransactionFootprint {
  readonly programIds: readonly string[]
  /** Fee payer and every instruction account, each once. */
  readonly accounts: readonly string[]
}

export function instructionsOf(feePayer: string, body: TransactionBody): DemoInstruction[] {
  switch (body.kind) {
    case 'verify':
    case 'failed-verify': {
      const proofAccount = body.kind === 'verify' ? body.proof.proofAccount : body.proofAccount
      const circuitId = body.kind === 'verify' ? body.proof.circuit.id : body.circuitId
      return [
        {
          programId: COMPUTE_BUDGET_PROGRAM_ID,
          accounts: [],
          decoded: { name: 'setComputeUnitLimit', units: COMPUTE_UNIT_LIMIT },
          logs: [],
        },
        {
          programId: DEMO_VERIFIER_PROGRAM_ID,
          accounts: [feePayer, proofAccount, SYSTEM_PROGRAM_ID],
          decoded: { args: { circuitId }, name: 'verify_proof' },
          logs: [
            'Program log: Instruction: VerifyProof',
            ...(body.kind === 'failed-verify' ? ['Program log: Error: proof verification failed'] : []),
          ],
        },
      ]
    }
    case 'revoke':
      return [
        {
          programId: DEMO_VERIFIER_PROGRAM_ID,
          accounts: [feePayer, body.proof.proofAccount],
          decoded: { args: {}, name: 'revoke_proof' },
          logs: ['Program log: Instruction: RevokeProof'],
        },
      ]
    case 'transfer':
      return [
        {
          programId: SYSTEM_PROGRAM_ID,
          accounts: [feePayer, body.to],
          decoded: { name: 'transfer', lamports: body.lamports },
          logs: [],
        },
      ]
    case 'token':
      return [
        {
          programId: TOKEN_PROGRAM_ID,
          accounts: [body.source, body.mint, body.destination, feePayer],
          decoded: { name: 'transferChecked', amount: body.amount, decimals: body.decimals },
          logs: ['Program log: Instruction: TransferChecked'],
        },
      ]
    case 'memo':
      return [
        {
          programId: MEMO_PROGRAM_ID,
          accounts: [feePayer],
          decoded: { name: 'memo', memo: body.memo },
          logs: [`Program log: Memo (len ${body.memo.length}): "${body.memo}"`],
        },
      ]
  }
}

/** Every transaction of a kind calls the same programs, so records share one list per kind. */
const programIdsByKind = new Map<TransactionKind, readonly string[]>()

export function footprintOf(feePayer: string, body: TransactionBody): TransactionFootprint {
  const instructions = instructionsOf(feePayer, body)
  let programIds = programIdsByKind.get(body.kind)
  if (programIds === undefined) {
    programIds = distinct(instructions.map((instruction) => instruction.programId))
    programIdsByKind.set(body.kind, programIds)
  }
  return { programIds, accounts: distinct([feePayer, ...instructions.flatMap((instruction) => instruction.accounts)]) }
}

function distinct(values: string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) === index)
}
