import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getJson } from '../api/http';
import type { Mail, MailSummary } from '../api/schema';

/** Development: the emails the shop wrote instead of sending (no SMTP configured). */
export function MailPage() {
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['/api/admin/mail'], queryFn: () => getJson<MailSummary[]>('/api/admin/mail') });
  const one = useQuery({
    queryKey: ['/api/admin/mail', open],
    queryFn: () => getJson<Mail>(`/api/admin/mail/${encodeURIComponent(open!)}`),
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
