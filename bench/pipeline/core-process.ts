/**
 * The core's process that the ingest and memory benchmarks share: one
 * monitor on one copy of the cache, started by whichever of them runs first.
 * The ingest's events are then the first part of the memory soak, so that
 * an hour's events go through the core once, not once per benchmark. A
 * process that died (a failed benchmark) is replaced by a new one.
 */
import type { BenchContext } from '../lib/context'
import { PipelineRig, ROOMY_CACHE } from './rig'

/** By the run's work directory: a benchmark run beside others gets a context of its own (its log), in the same run. */
const shared = new Map<string, Promise<PipelineRig>>()

function alive(rig: PipelineRig): boolean {
  const running = (child: PipelineRig['consumer']['child']) => child.exitCode === null && child.signalCode === null
  return running(rig.consumer.child) && running(rig.indexer.child)
}

/**
 * The shared core process: the monitor with --expose-gc (memory readings
 * after full collections), its history store on a copy of the 1,000,000-row
 * cache with caps that hold it, watching `proofs` and every address of the
 * network.
 */
export async function sharedCore(ctx: BenchContext): Promise<PipelineRig> {
  const existing = shared.get(ctx.workDir)
  if (existing !== undefined) {
    const rig = await existing.catch(() => null)
    if (rig !== null && alive(rig)) return rig
    if (rig !== null) await rig.stop()
  }
  const starting = PipelineRig.start(ctx, { execArgv: ['--expose-gc'], cacheLimits: ROOMY_CACHE })
  shared.set(ctx.workDir, starting)
  ctx.onFinish(() => stopSharedCore(ctx))
  return starting
}

/** Stops the shared process (the last benchmark that needs it is done); a later sharedCore() starts another. */
export async function stopSharedCore(ctx: BenchContext): Promise<void> {
  const existing = shared.get(ctx.workDir)
  if (existing === undefined) return
  shared.delete(ctx.workDir)
  const rig = await existing.catch(() => null)
  await rig?.stop()
}
