import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LogoMark } from './Logo';
import { SectionLink } from './SectionLink';

const NAV = [
  { section: 'shop', label: 'Shop' },
  { section: 'about', label: 'Local Events' },
  { section: 'bio', label: 'Bio' },
] as const;

interface Props {
  /** Right-hand slot of the header; the cart button goes here. */
  actions?: ReactNode;
}

export function Header({ actions }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Any navigation closes the small-screen menu.
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SectionLink section="hero" className="logo" onNavigate={close}>
          <LogoMark />
          <span className="logo__text">The Dark Circle</span>
        </SectionLink>

        <nav id="site-nav" className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.section}>
                <SectionLink section={item.section} className="site-nav__link" onNavigate={close}>
                  {item.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">{actions}</div>

        <button
          type="button"
          className="icon-button menu-toggle"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>
      </div>
    </header>
  );
}
