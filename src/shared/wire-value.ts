/**
 * The one data model of every bridge transport. Electron IPC copies values
 * by structured clone (which keeps `undefined`, Dates, Maps, BigInts); the
 * serve-mode socket sends JSON (which drops or nulls them). So that a method
 * answers the same whichever carries it, both sides reduce what crosses to
 * JSON's model first: the dispatcher does it to the arguments it hands the
 * core and to the results it returns, and the IPC relay to pushed events.
 *
 * Top-level arguments are never nullable in the contract, so a `null` there
 * is what JSON made of a left-out `undefined`, and means "left out".
 */

/** `value` as JSON would carry it: undefined properties gone, undefined array items null, Dates ISO strings. */
export function toWireValue<T>(value: T): T {
  if (value === undefined) return value
  const text = JSON.stringify(value)
  // A function or symbol at the top: JSON has nothing for it, exactly like a left-out value.
  return (text === undefined ? undefined : JSON.parse(text)) as T
}

/** Call arguments as the core receives them, whatever carried them: left-out (undefined or null) trailing ones removed. */
export function toWireArgs(args: readonly unknown[]): unknown[] {
  const values = args.map((arg) => {
    const wire = toWireValue(arg)
    return wire === null ? undefined : wire
  })
  while (values.length > 0 && values[values.length - 1] === undefined) values.pop()
  return values
}
