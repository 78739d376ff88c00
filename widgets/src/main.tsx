import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import '@fontsource/eb-garamond/400.css';
import '@fontsource/eb-garamond/400-italic.css';
import '@fontsource/eb-garamond/600.css';
import '@fontsource/unifrakturmaguntia/400.css';
import './styles/theme.css';
import './styles/layout.css';
import './styles/shop.css';
import './styles/pages.css';
import './styles/cart.css';
import './styles/toast.css';
import './styles/checkout.css';
import './styles/home.css';
import { queryClient } from './api/query-client';
import { App } from './App';
import { ToastProvider } from './toast/ToastProvider';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider>
          <App />
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
