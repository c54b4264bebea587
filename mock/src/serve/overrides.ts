import { getResponse, isPassthroughResponse, type RequestHandler } from 'msw'

/** Answers a request, or resolves to `undefined` when it is not one it answers. */
export type Responder = (request: Request) => Promise<Response | undefined>

/**
 * The one way a shell asks the user's overrides first: the MSW `handlers` (what `use()` added,
 * newest first) through MSW's `getResponse`, then, when none of them answers, `then`. A handler's
 * `passthrough()` goes on to `then` too with `passthrough: 'then'` (the real server: there is no
 * network behind it); otherwise it is MSW's passthrough response, for the caller (the Playwright
 * route lets the request go on to the network).
 * The handlers see a clone, so `then` still reads the body whatever a handler read of it. The
 * real server and the Playwright route both answer through it.
 *
 * @example
 * const response = await overridesFirst(request, overrides, halResponder(shop))
 */
export async function overridesFirst(
  request: Request,
  handlers: readonly RequestHandler[],
  then?: Responder,
  options: { readonly baseUrl?: string | undefined; readonly passthrough?: 'then' } = {},
): Promise<Response | undefined> {
  const { baseUrl, passthrough } = options
  const response =
    handlers.length === 0
      ? undefined
      : await getResponse(
          [...handlers],
          then ? request.clone() : request,
          baseUrl ? { baseUrl } : undefined,
        )
  if (then === undefined) return response
  if (response === undefined || (passthrough === 'then' && isPassthroughResponse(response))) {
    return then(request)
  }
  return response
}
