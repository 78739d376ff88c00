import { lazy, Suspense, useEffect } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { CartButton } from './cart/CartButton';
import { Header } from './components/Header';
import { CartPage } from './pages/CartPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OrderConfirmationPage } from './pages/OrderConfirmationPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { ProductPage } from './pages/ProductPage';
import { ShippingPage } from './pages/ShippingPage';
import { TermsPage } from './pages/TermsPage';

// The showcase pulls in 18 font stylesheets, so it is its own chunk.
const FontsPage = lazy(() => import('./pages/FontsPage').then((m) => ({ default: m.FontsPage })));

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="product" element={<ProductPage />} />
        <Route path="product/:id" element={<ProductPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="order-confirmation" element={<OrderConfirmationPage />} />
        <Route path="fonts" element={<FontsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="shipping" element={<ShippingPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <ScrollToTopOnPageChange />
      <Header actions={<CartButton />} />
      <Suspense fallback={<main id="main" className="page container" aria-busy="true" />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A new page starts at the top unless the URL names a section to scroll to. */
function ScrollToTopOnPageChange() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
    // Only page changes count; the hash is read, not watched.
  }, [pathname]);
  return null;
}
