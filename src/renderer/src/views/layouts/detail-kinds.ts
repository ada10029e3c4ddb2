import type { RouteLocationRaw } from 'vue-router'

/** The words and ids of a page about one record, per kind of record. */
export interface DetailKind {
  /** "Proof" */
  heading: string
  /** What is looked up, and by what: "proof", "proof account". */
  thing: string
  idName: string
  /** The list this record belongs to. */
  back: { label: string; to: RouteLocationRaw }
  /** The test id of the fields' card: "proof-detail". */
  fieldsTestId: string
  /** The id of the unknown fields' heading. */
  extraHeadingId: string
}

export const DETAIL_KINDS = {
  proof: {
    heading: 'Proof',
    thing: 'proof',
    idName: 'proof account',
    back: { label: 'Proofs', to: { name: 'proofs' } },
    fieldsTestId: 'proof-detail',
    extraHeadingId: 'other-fields-title',
  },
  transaction: {
    heading: 'Transaction',
    thing: 'transaction',
    idName: 'signature',
    back: { label: 'Transactions', to: { name: 'transactions' } },
    fieldsTestId: 'tx-detail',
    extraHeadingId: 'tx-other-title',
  },
} as const satisfies Record<string, DetailKind>
