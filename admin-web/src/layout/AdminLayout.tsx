import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useUser } from '../auth/useUser';

/** The admin's sections: in the header on a wide screen, in the bottom tab bar on a phone (`short`, its label there). */
const SECTIONS = [
  { to: '/admin', name: 'Dashboard', short: 'Home', end: true },
  { to: '/admin/orders', name: 'Orders', short: 'Orders' },
  { to: '/inventory', name: 'Inventory', short: 'Stock' },
  { to: '/admin/subscribers', name: 'Subscribers', short: 'Subs' },
  { to: '/admin/events', name: 'Events', short: 'Events' },
  { to: '/admin/discounts', name: 'Discounts', short: 'Codes' },
  { to: '/admin/mail', name: 'Emails', short: 'Emails' },
  { to: '/admin/jobs', name: 'Jobs', short: 'Jobs' },
];

/** The header every admin page shares: where to go, who is signed in, and the way out; on a phone the sections sit in a tab bar at the thumb. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  const client = useQueryClient();
  const logout = async () => {
    await ok(api.POST('/api/auth/logout')).catch(() => undefined);
    client.clear();
    window.location.assign('/');
  };
  return (
    <div className="admin">
      <header className="admin-header">
        <a className="brand" href="/">
          The Dark Circle
        </a>
        <nav aria-label="Admin" className="admin-nav">
          {SECTIONS.map((s) => (
            <NavLink key={s.to} to={s.to} end={s.end}>
              {s.name}
            </NavLink>
          ))}
        </nav>
        {user && (
          <div className="who">
            <span className="who-email">{user.email}</span>
            {/* Beside the account rather than among the sections: changed seldom, and the phone's tab bar is full. */}
            <NavLink to="/admin/settings">Settings</NavLink>
            <button type="button" className="link-button" onClick={logout}>
              Logout
            </button>
          </div>
        )}
      </header>
      <main className="admin-main">{children}</main>
      <nav aria-label="Sections" className="tab-bar">
        {SECTIONS.map((s) => (
          // The tab shows its short label; its name is the section's, as in the header.
          <NavLink key={s.to} to={s.to} end={s.end} aria-label={s.name}>
            {s.short}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
