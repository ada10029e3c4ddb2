/**
 * Who a process id belongs to, beyond "some process has it": ids are reused,
 * so a lock naming a pid is only believed when the process with that pid now
 * is the one that wrote it. Linux says when each process started
 * (/proc/<pid>/stat); elsewhere nothing is known and the callers fall back to
 * "a process with this id exists".
 */
import { readRegularTextFile } from '../files/read-regular-file'

/** Linux reports start times in USER_HZ ticks, which the kernel's ABI fixes at 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100

/** One process's lifetime, unique across reboots: the boot, then its start tick. Null where /proc does not say. */
export function processIdentity(pid: number, proc = '/proc'): string | null {
  const ticks = startTicks(pid, proc)
  const boot = readSmall(`${proc}/sys/kernel/random/boot_id`)?.trim()
  return ticks === null || !boot ? null : `${boot}:${ticks}`
}

/** When the process started, epoch ms (to about a second); null where /proc does not say. */
export function processStartedAt(pid: number, proc = '/proc'): number | null {
  const ticks = startTicks(pid, proc)
  const btime = /^btime (\d+)$/m.exec(readSmall(`${proc}/stat`) ?? '')?.[1]
  if (ticks === null || btime === undefined) return null
  return Number(btime) * 1000 + (ticks * 1000) / TICKS_PER_SECOND
}

function startTicks(pid: number, proc: string): number | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null
  const stat = readSmall(`${proc}/${pid}/stat`)
  if (stat === null) return null
  // The command name (field 2) is in parentheses and may hold spaces and ")": fields are counted after the last ")".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Field 22, starttime; the fields after ")" begin at field 3.
  const ticks = Number(fields[22 - 3])
  return Number.isSafeInteger(ticks) ? ticks : null
}

function readSmall(path: string): string | null {
  try {
    return readRegularTextFile(path, 64 * 1024)
  } catch {
    return null
  }
}
