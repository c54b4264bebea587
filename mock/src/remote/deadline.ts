// Time bounds of a crawl: one deadline for the whole of it, and each request's own timeout, both
// ending a request wherever it is (waiting for headers or reading its body).

/** One request's bound: its signal, a way to race any wait against it, and its end. */
export interface RequestGuard {
  /** Aborts at the crawl's deadline or at the request's own timeout, whichever comes first. */
  readonly signal: AbortSignal
  /** `work`, or a rejection with the signal's reason as soon as it aborts (whatever `work` does). */
  until<T>(work: Promise<T>): Promise<T>
  /** Lets go of the timer and the deadline's listener: call it once the body is read. */
  end(): void
}

/**
 * A guard for one request. Its controller is held by a timer and by the deadline's listener until
 * `end()`: Node's fetch keeps only a weak reference to a `Request`'s signal, and a signal nothing
 * else holds (an `AbortSignal.timeout` given only to the `Request`) is collected and never fires.
 * `until` races each wait against the signal, so an `options.fetch` that ignores signals, or a
 * body that stalls, still ends.
 *
 * @example
 * const guard = requestGuard(deadline.signal, 15_000)
 * try {
 *   const response = await guard.until(fetch(new Request(url, { signal: guard.signal })))
 * } finally {
 *   guard.end()
 * }
 */
export function requestGuard(deadline: AbortSignal, timeout: number): RequestGuard {
  const controller = new AbortController()
  const onDeadline = () => controller.abort(deadline.reason)
  deadline.addEventListener('abort', onDeadline, { once: true })
  const timer = setTimeout(
    () =>
      controller.abort(new DOMException(`no answer within ${timeout / 1000} s`, 'TimeoutError')),
    timeout,
  )
  if (deadline.aborted) onDeadline()
  const { signal } = controller
  return {
    signal,
    until: <T>(work: Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        if (signal.aborted) {
          work.catch(() => {})
          reject(signal.reason)
          return
        }
        const onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
      }),
    end: () => {
      clearTimeout(timer)
      deadline.removeEventListener('abort', onDeadline)
    },
  }
}

/**
 * The deadline of a whole crawl: a signal that aborts `ms` after now with `reason` (an Error whose
 * message says which bound was passed). `clear()` once the crawl is over.
 *
 * @example
 * const deadline = crawlDeadline(300_000, 'past --max-time 300 s')
 * deadline.signal.aborted // false, for five minutes
 * deadline.clear()
 */
export function crawlDeadline(
  ms: number,
  reason: string,
  onPassed?: () => void,
): { readonly signal: AbortSignal; clear(): void } {
  const controller = new AbortController()
  // setTimeout takes at most 2^31 - 1 ms (about 24.8 days); past it, it would fire at once.
  const timer = setTimeout(
    () => {
      onPassed?.()
      controller.abort(new Error(reason))
    },
    Math.min(ms, 2 ** 31 - 1),
  )
  // A run's own requests keep the process alive; the deadline alone does not (a run left open).
  if (typeof timer === 'object') timer.unref?.()
  return { signal: controller.signal, clear: () => clearTimeout(timer) }
}
