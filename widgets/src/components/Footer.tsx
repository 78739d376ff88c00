import { STUDIO } from '../content/studio';
import { SectionLink } from './SectionLink';

const EXPLORE = [
  { section: 'hero', label: 'Home' },
  { section: 'shop', label: 'Shop' },
  // The gallery of the studio's work is the social strip in the hero; until it lands, the hero.
  { section: 'hero', label: 'Gallery' },
  { section: 'about', label: 'About' },
] as const;

const LEGAL = ['Privacy', 'Terms', 'Shipping'] as const;

export function Footer() {
  return (
    <footer id="footer" className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">The Dark Circle</p>
          <p className="muted">Gothic embroidery, stitched by hand in the dark.</p>
        </div>

        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <p>
            <a href={`mailto:${STUDIO.email}`}>{STUDIO.email}</a>
          </p>
          <p className="muted">{STUDIO.area}</p>
        </div>

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

        <div>
          <h2 className="site-footer__heading">Follow</h2>
          <ul className="site-footer__list">
            {STUDIO.social.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">{s.label}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="container site-footer__bottom">
        <p>© {new Date().getFullYear()} The Dark Circle</p>
        <ul className="site-footer__legal">
          {/* Placeholders until the policy pages are written. */}
          {LEGAL.map((label) => (
            <li key={label}>
              <SectionLink section="footer" title="Coming soon">{label}</SectionLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
