/**
 * The part of fetch's `Headers` that the protocol code reads. A fetch `Request`'s headers fit it, and
 * so does the real server's lazy view of a `node:http` request, which spares building a `Headers`.
 */
export interface HeaderReader {
  /** The header's value (repeated headers joined with `, `, as fetch does), or `null`. */
  get(name: string): string | null
}
