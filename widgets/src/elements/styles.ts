import theme from '../styles/theme.css?inline';
import toast from '../styles/toast.css?inline';
import root from './widget-root.css?inline';

/** A stylesheet for shadow roots: one object, adopted by every element that needs it. */
export function sheet(...texts: string[]): CSSStyleSheet {
  const result = new CSSStyleSheet();
  result.replaceSync(texts.join('\n'));
  return result;
}

/** What every element draws with: the theme (custom properties on :host), toasts, the root's reset. */
export const BASE_STYLES = [sheet(theme, toast, root)];
