import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './admin.css';

/** Placeholder shell; sign-in, the dashboard and inventory come with the admin issue. */
function AdminApp() {
  return (
    <main className="admin">
      <h1>Dark Circle Admin</h1>
      <p>Sign-in and the dashboard arrive with the admin issue.</p>
      <a href="/">Back to home</a>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
