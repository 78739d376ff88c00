import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { ToastProvider } from './toast/ToastProvider';

/**
 * The storefront below its router: the browser wraps it in a BrowserRouter (`main.tsx`), the build's
 * prerender in a StaticRouter (`entry-prerender.tsx`), so both render the same tree and the browser
 * can hydrate the HTML the build wrote.
 */
export function Storefront({ client, router }: { client: QueryClient; router: (app: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {router(
          <ToastProvider>
            <App />
          </ToastProvider>,
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}
