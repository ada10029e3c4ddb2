/**
 * Parameter checks with the reference deployment's wording (it validates
 * with zod 3), so a client meets the same 400 messages here as there.
 */
export class ValidationError extends Error {
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`)
    this.name = 'ValidationError'
  }
}

/** Absent or empty: undefined. Otherwise one of `allowed`, in its exact case. */
export function optionalEnum<T extends string>(field: string, raw: string | null, allowed: readonly T[]): T | undefined {
  if (raw === null) return undefined
  if ((allowed as readonly string[]).includes(raw)) return raw as T
  const expected = allowed.map((value) => `'${value}'`).join(' | ')
  throw new ValidationError(field, `Invalid enum value. Expected ${expected}, received '${raw}'`)
}

export function enumWithDefault<T extends string>(field: string, raw: string | null, allowed: readonly T[], fallback: T): T {
  return optionalEnum(field, raw, allowed) ?? fallback
}

/** An integer in [min, max], coerced from the query string like `z.coerce.number()`. */
export function boundedInteger(field: string, raw: string | null, bounds: { min: number; max: number; fallback: number }): number {
  if (raw === null) return bounds.fallback
  const value = Number(raw)
  if (Number.isNaN(value)) throw new ValidationError(field, 'Expected number, received nan')
  if (!Number.isInteger(value)) throw new ValidationError(field, 'Expected integer, received float')
  if (value < bounds.min) throw new ValidationError(field, `Number must be greater than or equal to ${bounds.min}`)
  if (value > bounds.max) throw new ValidationError(field, `Number must be less than or equal to ${bounds.max}`)
  return value
}

/** A positive integer path parameter. */
export function positiveInteger(field: string, raw: string): number {
  return boundedInteger(field, raw, { min: 1, max: Number.MAX_SAFE_INTEGER, fallback: 1 })
}

export function stringLength(field: string, value: string, min: number, max: number): string {
  if (value.length < min) throw new ValidationError(field, `String must contain at least ${min} character(s)`)
  if (value.length > max) throw new ValidationError(field, `String must contain at most ${max} character(s)`)
  return value
}

/** An ISO date or date-time as epoch ms; absent or empty gives undefined. */
export function optionalDate(field: string, raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined
  const value = /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN
  if (Number.isNaN(value)) throw new ValidationError(field, 'Invalid date')
  return value
}

/** A free-text filter; empty counts as absent. */
export function optionalText(raw: string | null): string | undefined {
  return raw === null || raw === '' ? undefined : raw
}
