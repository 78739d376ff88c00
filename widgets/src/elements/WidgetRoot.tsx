import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { setApiBase } from '../api/config';
import { queryClient } from '../api/query-client';
import { CartListenersContext } from '../cart/cart-listeners';
import { ToastProvider } from '../toast/ToastProvider';
import { hostCartEvents } from './host-events';
import { registerShopFonts } from './shop-fonts';
import { BASE_STYLES } from './styles';

/** What r2wc passes every element: its shadow root (`container`) and its attributes. */
export interface ElementProps {
  container?: ShadowRoot;
  apiBase?: string;
}

/**
 * Every element's root. The elements share one query client and one cart session (module-level,
 * since r2wc gives each element its own React root, which context cannot cross); the toasts and
 * the host-page events are each element's own.
 */
export function WidgetRoot({ container, apiBase, styles, children }: ElementProps & { styles: CSSStyleSheet[]; children: ReactNode }) {
  if (apiBase) setApiBase(apiBase);
  // Before the first paint, so the element never shows unstyled.
  useLayoutEffect(() => {
    if (container) container.adoptedStyleSheets = [...BASE_STYLES, ...styles];
    registerShopFonts();
  }, [container, styles]);
  const host = container?.host;
  const listeners = useMemo(() => (host ? hostCartEvents(host) : {}), [host]);

  return (
    <QueryClientProvider client={queryClient}>
      <CartListenersContext value={listeners}>
        {/* The toasts' region too is inside .dc-root: it takes the shop's type, never the host's. */}
        <div className="dc-root">
          <ToastProvider>{children}</ToastProvider>
        </div>
      </CartListenersContext>
    </QueryClientProvider>
  );
}
