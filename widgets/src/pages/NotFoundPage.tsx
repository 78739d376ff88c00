import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main id="main" className="page container not-found">
      <title>Page not found — The Dark Circle</title>
      <h1>404 Page Not Found</h1>
      <p className="muted">This path leads only into the dark.</p>
      <Link to="/" className="button">
        Return Home
      </Link>
    </main>
  );
}
