import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { RemoteClient } from './client.js'

let root = 'http://127.0.0.1/'
const client = () =>
  new RemoteClient({
    root,
    headers: {},
    tokenHeader: { name: 'authorization', bearer: true },
    token: undefined,
    maxRequests: 100,
    rate: undefined,
    maxTime: 30_000,
    signal: undefined,
    onRequest: () => {},
  })

describe('RemoteClient', () => {
  // The first request of each path finds its connection closed without an answer, as a kept-alive
  // connection the server drops just as the client reuses it.
  const dropped = new Set<string>()
  const server = createServer((request, response) => {
    const key = `${request.method} ${request.url}`
    if (!dropped.has(key)) {
      dropped.add(key)
      request.socket.destroy()
      return
    }
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'text/plain' })
    response.end('ok')
  })
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve(root)
    }),
  )
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends a safe request again once when the connection closes before any answer', async () => {
    const origin = await listening
    const answer = await client().send('GET', `${origin}/read`)
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('ok')
  })

  it('spaces requests by --rate on its clock: at 4 a second, each waits what is left of 250 ms', async () => {
    const origin = await listening
    // A clock that moves only when the client sleeps, or by what a request "took".
    const limited = (rate: number | undefined) => {
      let now = 1_000_000
      const sleeps: number[] = []
      const made = new RemoteClient({
        root,
        headers: {},
        tokenHeader: { name: 'authorization', bearer: true },
        token: undefined,
        maxRequests: 100,
        rate,
        maxTime: 30_000,
        signal: undefined,
        onRequest: () => {},
        clock: {
          now: () => now,
          sleep: async (ms) => {
            sleeps.push(ms)
            now += ms
          },
        },
      })
      const pass = (ms: number) => {
        now += ms
      }
      return { made, sleeps, pass }
    }
    // Each path's first request is dropped by this server and sent again: use answered paths.
    await client().send('GET', `${origin}/rated`)
    const { made, sleeps, pass } = limited(4)
    await made.send('GET', `${origin}/rated`)
    await made.send('GET', `${origin}/rated`)
    pass(100)
    await made.send('GET', `${origin}/rated`)
    expect(sleeps).toEqual([250, 150])
    const free = limited(undefined)
    await free.made.send('GET', `${origin}/rated`)
    await free.made.send('GET', `${origin}/rated`)
    expect(free.sleeps).toEqual([])
  })

  it('never sends a write twice: a create with no answer is reported as such', async () => {
    const origin = await listening
    const answer = await client().send('POST', `${origin}/create`, { body: '{}' })
    expect(answer.status).toBe(0)
    expect(answer.text).toMatch(/^no answer: fetch failed \(.+\)$/)
  })
})
