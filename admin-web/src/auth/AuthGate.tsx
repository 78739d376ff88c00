import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useUser } from './useUser';

/** Loading, login required, access denied, or the page: the server enforces the same on every call. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useUser();
  const location = useLocation();
  const failed = new URLSearchParams(location.search).get('signin') === 'failed';

  if (isPending) {
    return (
      <section className="gate" aria-busy="true">
        <p>Loading...</p>
      </section>
    );
  }
  if (isError || !user) {
    const returnTo = encodeURIComponent(location.pathname === '/admin' ? '/admin' : location.pathname);
    return (
      <section className="gate">
        <h1>Login Required</h1>
        <p>Please sign in with the studio's Google account to manage the shop.</p>
        {failed && <p className="gate-error">The sign-in did not complete. Please try again.</p>}
        <a className="button" href={`/api/auth/google?returnTo=${returnTo}`}>
          Login with Google
        </a>
      </section>
    );
  }
  if (!user.isAdmin) {
    return (
      <section className="gate">
        <h1>Access Denied</h1>
        <p>You are signed in as {user.email}, which has no admin privileges.</p>
        <a href="/">Back to home</a>
      </section>
    );
  }
  return <>{children}</>;
}
