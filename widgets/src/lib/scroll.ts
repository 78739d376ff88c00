function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Input that means the shopper is moving the page themselves. */
const SHOPPER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let releasePin: (() => void) | undefined;

/**
 * Scrolls a home-page section under the fixed header (via its CSS scroll-margin) and moves focus
 * there, so keyboard users continue from the section they chose.
 */
export function scrollToSection(id: string, behavior?: ScrollBehavior): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const how = behavior ?? (prefersReducedMotion() ? 'auto' : 'smooth');
  el.scrollIntoView({ behavior: how, block: 'start' });
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  pinSection(el, how);
  return true;
}

/**
 * A scroll lands where the section is at that moment, but content above it may still be loading
 * (the product grid swaps its skeletons for taller cards, images arrive) and push it hundreds of
 * pixels down. So until the shopper scrolls by themselves, every change of the page's height
 * brings the section back under the header.
 */
function pinSection(el: HTMLElement, behavior: ScrollBehavior): void {
  releasePin?.();
  const observer = new ResizeObserver(() => {
    if (el.isConnected) el.scrollIntoView({ behavior, block: 'start' });
    else release();
  });
  function release() {
    observer.disconnect();
    for (const type of SHOPPER_SCROLL_EVENTS) window.removeEventListener(type, release, true);
    if (releasePin === release) releasePin = undefined;
  }
  for (const type of SHOPPER_SCROLL_EVENTS) window.addEventListener(type, release, { capture: true, passive: true });
  observer.observe(document.body);
  releasePin = release;
}
