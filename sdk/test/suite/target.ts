import type { HttpHandler } from 'msw'

/**
 * What the SDK suite needs from a Blog API server: where its API root is, a reset, and, when it is
 * a mock, a way to override routes for one test. The same cases run in-process (MSW interception),
 * over real HTTP, in a browser page against the service worker, and against any `E2E_BASE_URL`.
 */
export interface SdkTarget {
  readonly name: string
  /** The API root, e.g. `http://127.0.0.1:4321/api/v1.2`. */
  readonly apiUrl: string
  /**
   * Overrides routes until the next reset (MSW handlers, as `server.use()`). A server that has no
   * such control (any external one) omits it, and the cases that need it are not registered.
   */
  use?(...handlers: HttpHandler[]): void
  /** Restores the seed and drops overrides. */
  reset(): Promise<void>
  /**
   * What the server offers beyond the source's API; default {@link SDK_CAPABILITIES}. A case that
   * needs one the target lacks is not registered for it.
   */
  readonly capabilities?: readonly SdkCapability[]
}

/** `hal-forms`: the server serves docs/api.md, HTTP semantics's HAL-FORMS templates and Writes's PATCH itself. */
export type SdkCapability = 'hal-forms'

/**
 * The capabilities a target has unless it lists its own: the Blog mock serves HAL-FORMS,
 * so the actions cases run on its templates as well as on the suite's fixture. A server without
 * them lists `capabilities: []`.
 */
export const SDK_CAPABILITIES: readonly SdkCapability[] = ['hal-forms']
