// What ran in each long turn of a benchmark child's event loop: the gaps that
// PROOFWATCH_BENCH_GAPS wrote down (gaps-<pid>.txt), matched with the CPU
// profile that PROOFWATCH_BENCH_PROFILE had the same process write.
//   node bench/tools/profile-gaps.mjs <dir> [pid] [top=6]
// Without a pid: every gaps file in the folder with its process's profile (main thread).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [dir, onlyPid, topArg] = process.argv.slice(2)
if (!dir) throw new Error('usage: profile-gaps.mjs <dir> [pid] [top]')
const top = Number(topArg ?? 6)
const files = readdirSync(dir)
const pids = onlyPid ? [onlyPid] : files.flatMap((file) => /^gaps-(\d+)\.txt$/.exec(file)?.[1] ?? [])

for (const pid of pids) {
  // The main thread's profile is the first the process writes (`.0.` in its name); workers' follow.
  const profileFile = files.find((file) => file.endsWith('.cpuprofile') && file.includes(`.${pid}.0.`))
  if (!profileFile) {
    console.log(`pid ${pid}: no main-thread profile in ${dir}`)
    continue
  }
  const profile = JSON.parse(readFileSync(join(dir, profileFile), 'utf8'))
  const gaps = readFileSync(join(dir, `gaps-${pid}.txt`), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /loop gap ([\d.]+) ms, ending (\d+) ms in, at (\d+) µs/.exec(line)
      return match ? [{ ms: Number(match[1]), endsIn: Number(match[2]), end: Number(match[3]) }] : []
    })
  console.log(`pid ${pid}: ${gaps.length} gaps, profile ${profileFile}`)
  report(profile, gaps)
}

function report(profile, gaps) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const label = (node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`
  const stackOf = (id) => {
    const stack = []
    for (let at = id; at !== undefined; at = parents.get(at)) stack.unshift(nodes.get(at))
    return stack
  }
  const times = []
  let time = profile.startTime
  for (const delta of profile.timeDeltas) times.push((time += delta))
  for (const gap of gaps) {
    const from = gap.end - gap.ms * 1000
    const self = new Map()
    const inclusive = new Map()
    let sampled = 0
    for (let index = 0; index < profile.samples.length; index++) {
      const start = times[index]
      const end = times[index + 1] ?? start
      if (end <= from || start >= gap.end) continue
      const weight = Math.min(end, gap.end) - Math.max(start, from)
      const stack = stackOf(profile.samples[index])
      const leaf = label(stack[stack.length - 1])
      self.set(leaf, (self.get(leaf) ?? 0) + weight)
      for (const name of new Set(stack.slice(1).map(label))) inclusive.set(name, (inclusive.get(name) ?? 0) + weight)
      sampled += weight
    }
    const list = (map, count) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
        .join(' | ')
    console.log(`\n${gap.ms} ms gap ending ${gap.endsIn} ms in (${(sampled / 1000).toFixed(1)} ms sampled)`)
    console.log(`  self: ${list(self, top)}`)
    console.log(`  incl: ${list(inclusive, top * 3)}`)
  }
}
