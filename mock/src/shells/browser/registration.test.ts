import { describe, expect, it } from 'vitest'
import { registrationAdvice } from './registration.js'

// What `worker.start()` rejects with when the worker does not register: MSW's reason, and the fix.
describe("the worker's registration error", () => {
  it('under Playwright with workers blocked, names the fixture and the option', () => {
    const message = registrationAdvice(
      new Error(
        '[MSW] Failed to register the Service Worker:\n\nService Worker registration blocked by Playwright',
      ),
    )
    expect(message).toContain('blocked by Playwright')
    expect(message).toContain('testWithHalApi')
    expect(message).toContain("serviceWorkers: 'allow'")
  })

  it('with the worker script missing, says how to serve it', () => {
    const message = registrationAdvice(
      new Error(
        '[MSW] Failed to register a Service Worker … Service Worker script does not exist at the given path.',
      ),
    )
    expect(message).toContain('npx msw init public --save')
    expect(message).toContain("msw({ mode: 'worker-only' })")
  })

  it('in a page without service workers, asks for https or localhost', () => {
    expect(registrationAdvice(new Error('navigator.serviceWorker is undefined'), false)).toContain(
      'serve it from https or localhost',
    )
  })
})
