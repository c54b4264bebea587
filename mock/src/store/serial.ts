/**
 * Runs async tasks one at a time, in call order. `@msw/data` writes are async (schema validation,
 * hooks), so a check-then-write such as `If-Match` followed by an update must not interleave with
 * another write, or two requests could both pass the same precondition.
 *
 * @example
 * const writes = serial()
 * await writes(async () => { if (etag === current()) await save() })
 */
export function serial(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return (task) => {
    const run = tail.then(task)
    // A failed task must not block the ones queued after it.
    tail = run.catch(() => undefined)
    return run
  }
}
