import { lazy, Suspense, useEffect, useEffectEvent } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { CartButton } from './cart/CartButton';
import { DiscountLink } from './checkout/DiscountLink';
import { Header } from './site/Header';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { useToast } from './toast/toast-context';

// Every page but the home page is its own chunk, so the first paint loads only what it shows
// (the fonts showcase alone pulls in 18 font stylesheets, the cart page the checkout).
const ProductPage = lazy(() => import('./pages/ProductPage').then((m) => ({ default: m.ProductPage })));
const CartPage = lazy(() => import('./pages/CartPage').then((m) => ({ default: m.CartPage })));
const OrderConfirmationPage = lazy(() => import('./pages/OrderConfirmationPage').then((m) => ({ default: m.OrderConfirmationPage })));
const OrderStatusPage = lazy(() => import('./pages/OrderStatusPage').then((m) => ({ default: m.OrderStatusPage })));
const FontsPage = lazy(() => import('./pages/FontsPage').then((m) => ({ default: m.FontsPage })));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('./pages/TermsPage').then((m) => ({ default: m.TermsPage })));
const CategoryPage = lazy(() => import('./pages/CategoryPage').then((m) => ({ default: m.CategoryPage })));
const SearchPage = lazy(() => import('./pages/SearchPage').then((m) => ({ default: m.SearchPage })));
const ShippingPage = lazy(() => import('./pages/ShippingPage').then((m) => ({ default: m.ShippingPage })));

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="product" element={<ProductPage />} />
        <Route path="product/:id" element={<ProductPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="order-confirmation" element={<OrderConfirmationPage />} />
        <Route path="order-status/:token" element={<OrderStatusPage />} />
        <Route path="fonts" element={<FontsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="shipping" element={<ShippingPage />} />
        <Route path="shop/:slug" element={<CategoryPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTopOnPageChange />
      <DismissToastsAtCheckout />
      <DiscountLink />
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
  // Only page changes count; the hash is read, not watched.
  const scrollToTop = useEffectEvent(() => {
    if (!hash) window.scrollTo(0, 0);
  });
  useEffect(() => scrollToTop(), [pathname]);
  return null;
}

/** The checkout starts clean: a notification from before (the add that led here) is not left over. */
function DismissToastsAtCheckout() {
  const { pathname } = useLocation();
  const { dismiss } = useToast();
  useEffect(() => {
    if (pathname === '/cart') dismiss();
  }, [pathname, dismiss]);
  return null;
}
