import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useSite } from './site-api';
import { SectionLink } from './SectionLink';

const EXPLORE = [
  { section: 'hero', label: 'Home' },
  { section: 'shop', label: 'Shop' },
  // The gallery of the studio's work is the Instagram strip in the hero.
  { section: 'hero', label: 'Gallery' },
  { section: 'about', label: 'About' },
] as const;

const LEGAL = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/shipping', label: 'Shipping' },
] as const;

/** Contact and social links come from the shop's configuration; those left unset are not shown. */
export function Footer() {
  const site = useSite().data;
  const contact = site?.contact;
  const social = site?.social ?? [];
  return (
    <footer id="footer" className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">The Dark Circle</p>
          <p className="muted">Gothic embroidery, stitched by hand in the dark.</p>
        </div>

        {(contact?.email || contact?.phone || contact?.area) && (
          <div>
            <h2 className="site-footer__heading">Contact</h2>
            {contact.email && (
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            )}
            {contact.phone && (
              <p>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
              </p>
            )}
            {contact.area && <p className="muted">{contact.area}</p>}
          </div>
        )}

        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Explore</h2>
          <ul className="site-footer__list">
            {EXPLORE.map((item) => (
              <li key={item.label}>
                <SectionLink section={item.section}>{item.label}</SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        {social.length > 0 && (
          <div>
            <h2 className="site-footer__heading">Follow</h2>
            <ul className="site-footer__list">
              {social.map((s) => (
                <li key={s.label}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className="container site-footer__bottom">
        <p>© {useYear()} The Dark Circle</p>
        <ul className="site-footer__legal">
          {LEGAL.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

const never = () => () => {};

/**
 * This year, read in the browser. The build's prerendered HTML has no year (it may be served in a
 * later one), so the page adopts that HTML without a mismatch and then fills the year in.
 */
function useYear(): number | null {
  return useSyncExternalStore(
    never,
    () => new Date().getFullYear(),
    () => null,
  );
}
