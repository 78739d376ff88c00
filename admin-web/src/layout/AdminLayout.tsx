import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useUser } from '../auth/useUser';

/** The header every admin page shares: where to go, who is signed in, and the way out. */
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
        <nav aria-label="Admin">
          <NavLink to="/admin" end>
            Dashboard
          </NavLink>
          <NavLink to="/admin/orders">Orders</NavLink>
          <NavLink to="/inventory">Inventory</NavLink>
          <NavLink to="/admin/subscribers">Subscribers</NavLink>
          <NavLink to="/admin/events">Events</NavLink>
          <NavLink to="/admin/mail">Emails</NavLink>
          <NavLink to="/admin/jobs">Jobs</NavLink>
        </nav>
        {user && (
          <div className="who">
            <span>{user.email}</span>
            <button type="button" className="link-button" onClick={logout}>
              Logout
            </button>
          </div>
        )}
      </header>
      <main className="admin-main">{children}</main>
    </div>
  );
}
