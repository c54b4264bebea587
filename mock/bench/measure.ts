/** Median of the per-operation time over `rounds` batches of `batch` calls, in microseconds. */
export async function medianMicros(
  operation: (i: number) => unknown,
  { rounds = 31, batch = 200 }: { rounds?: number; batch?: number } = {},
): Promise<number> {
  const samples: number[] = []
  let i = 0
  for (let round = 0; round < rounds; round++) {
    const start = performance.now()
    for (let n = 0; n < batch; n++) await operation(i++)
    samples.push(((performance.now() - start) * 1000) / batch)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN
}

/** A number with `digits` significant decimals, for tables. */
export const fixed = (value: number, digits = 2): string => value.toFixed(digits)
