// The members of a HAR 1.2 entry the reader looks at (its spec's names).

/** A header, cookie, query or form field of a HAR entry. */
export interface NameValue {
  readonly name: string
  readonly value: string
}

/** One entry of a HAR file: a request and its answer. */
export interface HarEntry {
  readonly startedDateTime?: string
  readonly request: {
    readonly method: string
    readonly url: string
    readonly headers?: readonly NameValue[]
    readonly cookies?: readonly NameValue[]
    readonly queryString?: readonly NameValue[]
    readonly postData?: {
      readonly mimeType?: string
      readonly text?: string
      readonly params?: readonly NameValue[]
    }
  }
  readonly response: {
    readonly status: number
    readonly statusText?: string
    readonly headers?: readonly NameValue[]
    readonly cookies?: readonly NameValue[]
    readonly redirectURL?: string
    readonly content?: {
      readonly mimeType?: string
      readonly text?: string
      readonly encoding?: string
      readonly size?: number
      readonly comment?: string
    }
  }
}
