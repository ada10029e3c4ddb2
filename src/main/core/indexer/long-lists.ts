/**
 * A list answer cut to the page size before it is parsed. An indexer that
 * ignores `limit` can send 200,000 items under the body cap: JSON.parse of
 * those 17 MB alone holds the event loop for most of a second (and the
 * bridge with it), and it cannot be split. So a large body is first scanned
 * as text, a slice at a time with a turn of the event loop between slices,
 * and every list of the envelope keeps only its first `limit` items: an
 * array inside nothing but objects, at most ENVELOPE_OBJECTS objects down
 * (`[...]`, `{items:[...]}`, `{data:{items:[...]}}`), as unwrapList finds
 * it. Arrays inside a listed record (a transaction's accounts) sit inside
 * the list and are left whole.
 */

/** The objects a list can sit inside in an envelope the decoder accepts (unwrapList: MAX_ENVELOPE_DEPTH + 1). */
const ENVELOPE_OBJECTS = 4
/** Characters scanned between turns of the event loop: a few milliseconds of work. */
const SLICE_CHARS = 128 * 1024

export interface CutLists {
  text: string
  /** The most items any envelope list held, before the cut; 0 when none. */
  longest: number
}

interface Open {
  array: boolean
  /** An array with only objects around it, near the top: a list the decoder may take. */
  envelope: boolean
  commas: number
  nonEmpty: boolean
  /** Where the cut of this array starts (its comma before item `limit` + 1). */
  cutAt: number
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * `text` with each envelope list cut after `limit` items. Text that is not
 * JSON comes back in whatever shape the scan leaves it: JSON.parse refuses
 * it next, with the usual message.
 */
export async function cutLongLists(text: string, limit: number, pause: () => Promise<void> = yieldToLoop): Promise<CutLists> {
  const stack: Open[] = []
  const kept: string[] = []
  let keptFrom = 0
  /** Arrays open: one inside another is never an envelope list. */
  let arrays = 0
  let inString = false
  let escaped = false
  let longest = 0
  for (let start = 0; start < text.length; start += SLICE_CHARS) {
    if (start > 0) await pause()
    const end = Math.min(text.length, start + SLICE_CHARS)
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i)
      if (inString) {
        if (escaped) escaped = false
        else if (code === 0x5c) escaped = true
        else if (code === 0x22) inString = false
        continue
      }
      // Whitespace: space, tab, newline, carriage return.
      if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) continue
      const top = stack[stack.length - 1]
      if (code === 0x5d || code === 0x7d) {
        // ] or }
        const closed = stack.pop()
        if (closed?.array) arrays--
        if (closed?.envelope) {
          longest = Math.max(longest, closed.commas + (closed.nonEmpty ? 1 : 0))
          if (closed.cutAt >= 0) {
            kept.push(text.slice(keptFrom, closed.cutAt))
            keptFrom = i
          }
        }
        continue
      }
      if (top?.array) top.nonEmpty = true
      if (code === 0x22) inString = true
      else if (code === 0x5b) {
        stack.push({ array: true, envelope: arrays === 0 && stack.length <= ENVELOPE_OBJECTS, commas: 0, nonEmpty: false, cutAt: -1 })
        arrays++
      } else if (code === 0x7b) stack.push({ array: false, envelope: false, commas: 0, nonEmpty: false, cutAt: -1 })
      else if (code === 0x2c && top?.array) {
        top.commas++
        if (top.commas === limit && top.envelope) top.cutAt = i
      }
    }
  }
  if (kept.length === 0) return { text, longest }
  kept.push(text.slice(keptFrom))
  return { text: kept.join(''), longest }
}
