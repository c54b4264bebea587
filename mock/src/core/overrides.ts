import { getResponse, type RequestHandler } from 'msw'

/** Answers a request, or resolves to `undefined` when it is not one it answers. */
export type Responder = (request: Request) => Promise<Response | undefined>

/**
 * The one way a shell asks the user's overrides first: the MSW `handlers` (what `use()` added,
 * newest first) through MSW's `getResponse`, then, when none of them answers, `then`. A handler's
 * `passthrough()` is an answer too (MSW's passthrough response): the caller decides what it means.
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
  baseUrl?: string,
): Promise<Response | undefined> {
  const response =
    handlers.length === 0
      ? undefined
      : await getResponse(
          [...handlers],
          then ? request.clone() : request,
          baseUrl ? { baseUrl } : undefined,
        )
  if (response !== undefined || then === undefined) return response
  return then(request)
}
