import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';

/** Development: the emails the shop wrote instead of sending (no SMTP configured). */
export function MailPage() {
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['/api/admin/mail'], queryFn: () => ok(api.GET('/api/admin/mail')) });
  const one = useQuery({
    queryKey: ['/api/admin/mail', open],
    queryFn: () => ok(api.GET('/api/admin/mail/{file}', { params: { path: { file: open! } } })),
    enabled: open !== null,
  });
  return (
    <>
      <h1>Emails</h1>
      {list.isPending && <p>Loading emails...</p>}
      {list.isError && <p className="muted">Emails go out through SMTP here; none are kept to show.</p>}
      {list.data?.length === 0 && <p className="muted">No emails written yet.</p>}
      <ul className="rows">
        {list.data?.map((m) => (
          <li key={m.file} className="row">
            <div>
              <strong>{m.subject}</strong> · to {m.to} · {m.date}
            </div>
            <button type="button" className="button button-quiet" onClick={() => setOpen(open === m.file ? null : m.file)}>
              {open === m.file ? 'Close' : 'Show'}
            </button>
          </li>
        ))}
      </ul>
      {open && one.data && <pre className="mail-raw">{one.data.raw}</pre>}
    </>
  );
}
