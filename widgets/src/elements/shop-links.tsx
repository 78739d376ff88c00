/**
 * What the widget build gives the shared components in place of react-router (an alias in
 * vite.widgets.config.ts): on another site there is no router, and a link to a shop page is a
 * full page load of the shop itself.
 */
import type { AnchorHTMLAttributes } from 'react';
import { apiUrl } from '../api/config';

export function Link({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a {...rest} href={apiUrl(to)} />;
}

export function useNavigate(): (to: string) => void {
  return (to) => window.location.assign(apiUrl(to));
}
