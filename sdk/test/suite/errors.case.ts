import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  HttpError,
  isHalyardError,
  isHttpError,
  isNotFoundError,
  isTimeoutError,
  isUnauthorizedError,
  isValidationError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../src/index.js'
import { itOverriding, override, recordingClient } from './helpers.js'
import type { SdkTarget } from './target.js'

export function errorCases(target: () => SdkTarget): void {
  describe('errors, retries, cancellation', () => {
    let t: SdkTarget
    beforeEach(() => {
      t = target()
    })

    it('404 is a NotFoundError with the problem details, the method and the URL', async () => {
      const { client } = recordingClient(t)
      const error = await client
        .go('blogs/1/articles/999')
        .get()
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NotFoundError)
      expect(isNotFoundError(error) && isHttpError(error) && isHalyardError(error)).toBe(true)
      const notFound = error as NotFoundError
      expect(notFound.status).toBe(404)
      expect(notFound.method).toBe('GET')
      expect(notFound.url).toBe(`${t.apiUrl}/blogs/1/articles/999`)
      expect(notFound.problem?.status).toBe(404)
      expect(notFound.problem?.detail).toEqual(expect.any(String))
      expect(notFound.message).toBe(
        `GET ${t.apiUrl}/blogs/1/articles/999 answered 404: ${notFound.problem?.title}: ${notFound.problem?.detail}`,
      )
    })

    it('a write without a token is an UnauthorizedError', async () => {
      const { client } = recordingClient(t, { anonymous: true })
      const error = await client
        .go('blogs/1/articles')
        .post({ title: 'x' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UnauthorizedError)
      expect(isUnauthorizedError(error)).toBe(true)
      expect((error as UnauthorizedError).response.headers.get('www-authenticate')).toContain(
        'Token',
      )
    })

    it('a 403 is a plain HttpError', async () => {
      const { client } = recordingClient(t, { token: 'reader-token' })
      const error = await client
        .go('blogs/1/articles')
        .post({ title: 'x' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HttpError)
      expect((error as HttpError).name).toBe('HttpError')
      expect((error as HttpError).status).toBe(403)
    })

    it('422 is a ValidationError with a JSON Pointer per field', async () => {
      const { client } = recordingClient(t)
      const error = await client
        .go('blogs/1/articles')
        .post({ title: ' ', colour: 'red' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ValidationError)
      expect(isValidationError(error)).toBe(true)
      const pointers = (error as ValidationError).errors.map((e) => e.pointer).sort()
      expect(pointers).toEqual(['/colour', '/title'])
    })

    itOverriding(target)('retries an idempotent read on 503, honouring Retry-After', async () => {
      let calls = 0
      const times: number[] = []
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () => {
          times.push(Date.now())
          calls++
          return calls === 1
            ? new HttpResponse(null, { status: 503, headers: { 'retry-after': '1' } })
            : HttpResponse.json({ id: 2, _links: {} })
        }),
      )
      const { client, requests } = recordingClient(t)
      const state = await client.go('blogs/2').get()
      expect(state.data.id).toBe(2)
      expect(requests).toHaveLength(2)
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900)
    })

    itOverriding(target)('never retries a POST', async () => {
      override(
        t,
        http.post('*/api/v1.2/blogs/1/articles', () => new HttpResponse(null, { status: 503 })),
      )
      const { client, requests } = recordingClient(t)
      const error = await client
        .go('blogs/1/articles')
        .post({ title: 'once' })
        .catch((e: unknown) => e)
      expect((error as HttpError).status).toBe(503)
      expect(requests).toHaveLength(1)
    })

    itOverriding(target)('gives up after the retry limit with the last HttpError', async () => {
      override(
        t,
        http.get('*/api/v1.2/blogs/2', () => new HttpResponse(null, { status: 502 })),
      )
      const { client, requests } = recordingClient(t, { retry: { limit: 1, delay: () => 1 } })
      const error = await client
        .go('blogs/2')
        .get()
        .catch((e: unknown) => e)
      expect((error as HttpError).status).toBe(502)
      expect(requests).toHaveLength(2)
    })

    it('an AbortSignal cancels a call, and the timeout cancels a slow one', async () => {
      const { client } = recordingClient(t)
      const controller = new AbortController()
      const slow = client
        .go('blogs/1')
        .get({ headers: { prefer: 'delay=1500' }, signal: controller.signal })
      controller.abort(new Error('user left'))
      await expect(slow).rejects.toThrow('user left')
      const impatient = recordingClient(t, { timeout: 100, retry: 0 }).client
      const error = await impatient
        .go('blogs/1')
        .get({ headers: { prefer: 'delay=2000' } })
        .catch((e: unknown) => e)
      expect(isTimeoutError(error)).toBe(true)
      expect((error as Error).message).toContain('blogs/1')
    })
  })
}
