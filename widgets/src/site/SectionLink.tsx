import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { scrollToSection } from '../lib/scroll';

interface Props {
  /** Id of a section on the home page. */
  section: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
  title?: string;
}

/** A real link to `/#section`; on the home page itself it smooth-scrolls instead of navigating. */
export function SectionLink({ section, className, onNavigate, children, title }: Props) {
  const { pathname } = useLocation();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (pathname === '/' && plainClick && scrollToSection(section)) event.preventDefault();
  }

  return (
    <Link to={{ pathname: '/', hash: section }} className={className} onClick={handleClick} title={title}>
      {children}
    </Link>
  );
}
