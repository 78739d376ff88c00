import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LogoMark } from './Logo';
import { SearchBox } from './SearchBox';
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

  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // While the small-screen menu is open, Escape closes it (focus returns to the toggle when it was
  // inside the menu) and so does a press anywhere outside the menu and its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (nav.current?.contains(document.activeElement)) toggle.current?.focus();
      setMenuOpen(false);
    };
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!nav.current?.contains(target) && !toggle.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SectionLink section="hero" className="logo" onNavigate={close}>
          <LogoMark />
          <span className="logo__text">The Dark Circle</span>
        </SectionLink>

        {/* Before the menu in the DOM, so Tab goes from the toggle straight into the open menu. */}
        <button
          ref={toggle}
          type="button"
          className="icon-button menu-toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>

        <nav ref={nav} id="site-nav" className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="Main">
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

        <SearchBox />

        <div className="site-header__actions">{actions}</div>
      </div>
    </header>
  );
}
