import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
// The shop's own faces, bundled from @fontsource as the storefront does (its CSP allows no font CDN).
import '@fontsource/eb-garamond/400.css';
import '@fontsource/eb-garamond/400-italic.css';
import '@fontsource/eb-garamond/600.css';
import '@fontsource/unifrakturmaguntia/400.css';
import '../../widgets/src/styles/theme.css';
import './admin.css';
import { AuthGate } from './auth/AuthGate';
import { DashboardPage } from './dashboard/DashboardPage';
import { DiscountsPage } from './discounts/DiscountsPage';
import { EventsPage } from './events/EventsPage';
import { HistoryPage } from './history/HistoryPage';
import { InventoryPage } from './inventory/InventoryPage';
import { JobsPage } from './jobs/JobsPage';
import { AdminLayout } from './layout/AdminLayout';
import { MailPage } from './mail/MailPage';
import { OrderPage } from './orders/OrderPage';
import { OrdersPage } from './orders/OrdersPage';
import { PackingSlipPage, SelectedPackingSlipsPage } from './orders/PackingSlips';
import { SettingsPage } from './settings/SettingsPage';
import { SubscribersPage } from './subscribers/SubscribersPage';
import { ToastProvider } from './toast/toast';

// As the storefront: never stale, no refetch on focus, no retries; pages invalidate what they change.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false }, mutations: { retry: false } },
});

function AdminApp() {
  return (
    <AuthGate>
      <AdminLayout>
        <Routes>
          <Route path="/admin" element={<DashboardPage />} />
          <Route path="/admin/orders" element={<OrdersPage />} />
          <Route path="/admin/orders/:id" element={<OrderPage />} />
          <Route path="/admin/orders/:id/packing-slip" element={<PackingSlipPage />} />
          <Route path="/admin/packing-slips" element={<SelectedPackingSlipsPage />} />
          <Route path="/admin/subscribers" element={<SubscribersPage />} />
          <Route path="/admin/events" element={<EventsPage />} />
          <Route path="/admin/discounts" element={<DiscountsPage />} />
          <Route path="/admin/mail" element={<MailPage />} />
          <Route path="/admin/jobs" element={<JobsPage />} />
          <Route path="/admin/settings" element={<SettingsPage />} />
          <Route path="/admin/history/:streamType/:id" element={<HistoryPage />} />
          <Route path="/inventory" element={<InventoryPage />} />
          <Route path="*" element={<DashboardPage />} />
        </Routes>
      </AdminLayout>
    </AuthGate>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
