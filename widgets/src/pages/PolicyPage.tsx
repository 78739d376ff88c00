import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the privacy, terms and shipping pages: a readable column with a way back. */
export function PolicyPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <main id="main" className="page container policy">
      <title>{`${title} — The Dark Circle`}</title>
      <h1 className="page__title">{title}</h1>
      <p className="muted policy__updated">Last updated {updated}</p>
      {children}
      <p className="policy__back">
        <Link to="/" className="button button--ghost">
          Back to the shop
        </Link>
      </p>
    </main>
  );
}
