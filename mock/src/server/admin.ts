import type { RequestLog } from './request-log.js'

/** Where the mock controls live (CONTRACT §5); not part of the Blog API. */
export const ADMIN_PATH = '/__admin'

/**
 * The admin routes of the real server: `POST /__admin/reset` restores the seed (and empties the
 * request log), `GET /__admin/requests` lists the last requests received.
 */
export async function adminResponse(
  request: Request,
  api: { reset(): Promise<void> },
  log: RequestLog,
): Promise<Response> {
  const { pathname } = new URL(request.url)
  const route = pathname.slice(ADMIN_PATH.length)
  if (route === '/reset' && request.method === 'POST') {
    await api.reset()
    log.clear()
    return new Response(null, { status: 204 })
  }
  if (route === '/requests' && request.method === 'GET') {
    return Response.json({ requests: log.list() })
  }
  const known = route === '/reset' || route === '/requests'
  return Response.json(
    {
      type: 'about:blank',
      title: known ? 'Method Not Allowed' : 'Not Found',
      status: known ? 405 : 404,
      detail: known
        ? `Use ${route === '/reset' ? 'POST' : 'GET'} ${pathname}.`
        : `There is no admin route at ${pathname}; there are POST /__admin/reset and GET /__admin/requests.`,
    },
    {
      status: known ? 405 : 404,
      headers: {
        'content-type': 'application/problem+json',
        ...(known ? { allow: route === '/reset' ? 'POST' : 'GET' } : {}),
      },
    },
  )
}
