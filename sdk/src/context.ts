import type { StateCache } from './cache.js'
import type { NormalizedOptions } from './options.js'
import type { Resource } from './resource.js'
import type { Transport } from './transport.js'

/** What every `Resource` of one client shares. */
export interface ClientContext {
  readonly options: NormalizedOptions
  readonly cache: StateCache
  readonly transport: Transport
  /** Deprecated link targets already warned about. */
  readonly warned: Set<string>
  go<T>(uri: string | URL): Resource<T>
}
