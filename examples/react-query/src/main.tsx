import { setupBlogWorker } from '@halyard/mock/blog/browser'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.js'

// The Blog API mock in this page's service worker: every load starts from its seed.
const mock = setupBlogWorker()
await mock.worker.start({
  quiet: true,
  onUnhandledFrame: 'bypass', // Vite's own requests go to the network
  serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
})

// TanStack's staleTime is the one freshness owner; the SDK keeps the ETags underneath.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
const root = document.querySelector('#root')
if (!root) throw new Error('index.html lacks #root')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
)
