/** Order statistics of benchmark samples. */

/** The value below which `p` percent of the samples lie (nearest rank on a sorted copy). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile of no samples')
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile ${p} is outside 0..100`)
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1] as number
}

/** The middle sample; the mean of the two middle ones for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('median of no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export interface Summary {
  median: number
  min: number
  max: number
  runs: number
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new RangeError('summary of no samples')
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), runs: samples.length }
}

/** The least-squares slope of y over x: a growth rate that one noisy point at either end does not decide. */
export function slope(points: readonly { x: number; y: number }[]): number {
  if (points.length < 2) throw new RangeError('a slope needs two points')
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length
  const spread = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0)
  if (spread === 0) throw new RangeError('a slope needs two distinct x values')
  return points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0) / spread
}
