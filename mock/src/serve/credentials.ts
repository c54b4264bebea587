import type { HalApiDefinition } from '../definition/api.js'
import type { HeaderReader } from '../http/headers.js'
import type { HalRequest } from './request.js'

/** A bound on the names tracked: a hook that reads every header a request sends adds no more. */
const MAX_TRACKED = 64

/**
 * The request headers (lower case) an API reads credentials from: the default token check's
 * (`X-Access-Token`, `Authorization`), the header of each `apiKey` of its `securitySchemes`, its
 * `secretHeaders`, and every header its own `authenticate` has read so far (`Cookie` when it read
 * the cookies), which {@link CredentialHeaders.watched} tracks. Answers whose body depends on the
 * caller vary on them, and the request log redacts them.
 *
 * @example
 * const credentials = new CredentialHeaders({ basePath: '/api', collections: {} })
 * credentials.vary() // 'x-access-token, authorization'
 */
export class CredentialHeaders {
  readonly #names = new Set<string>()

  constructor(
    definition: Pick<HalApiDefinition, 'authenticate' | 'securitySchemes' | 'secretHeaders'>,
  ) {
    if (!definition.authenticate) this.#add('x-access-token').#add('authorization')
    for (const scheme of Object.values(definition.securitySchemes ?? {})) {
      if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
        this.#add(scheme.name)
      }
    }
    for (const name of definition.secretHeaders ?? []) this.#add(name)
  }

  /** The names so far, a live view. */
  get names(): ReadonlySet<string> {
    return this.#names
  }

  /** The names as a `Vary` value lists them (`''` for none). */
  vary(): string {
    return [...this.#names].join(', ')
  }

  /**
   * `request` as `authenticate` reads it: each header it gets (or checks) is tracked, and `Cookie`
   * when it reads the cookies. What it reads through `toFetch()` is not seen: declare those
   * headers in `secretHeaders`.
   */
  watched(request: HalRequest): HalRequest {
    const track = (name: string) => this.#add(name)
    const headers = watchedHeaders(request.headers, track)
    return new Proxy(request, {
      get(target, key) {
        if (key === 'headers') return headers
        if (key === 'cookies') track('cookie')
        const value: unknown = Reflect.get(target, key, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }

  #add(name: string): this {
    if (this.#names.size < MAX_TRACKED) this.#names.add(name.toLowerCase())
    return this
  }
}

/** Headers whose `get` and `has` report the name asked for. */
function watchedHeaders(headers: HeaderReader, track: (name: string) => void): HeaderReader {
  return new Proxy(headers, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      if (key === 'get' || key === 'has') {
        return (name: string) => {
          track(String(name))
          return value.call(target, name)
        }
      }
      return value.bind(target)
    },
  })
}
