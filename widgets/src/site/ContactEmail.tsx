import { useSite } from './site-api';

/** The studio's contact address from configuration, as a mailto link; `fallback` while it is unknown or unset. */
export function ContactEmail({ fallback = 'the studio' }: { fallback?: string }) {
  const email = useSite().data?.contact.email;
  return email ? <a href={`mailto:${email}`}>{email}</a> : <>{fallback}</>;
}
