import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getJson } from '../api/http';
import type { StreamHistory } from '../api/schema';

/** Every event of one product, cart or order: what happened, who did it, and when. */
export function HistoryPage() {
  const { streamType = '', id = '' } = useParams();
  const path = `/api/admin/history/${encodeURIComponent(streamType)}/${encodeURIComponent(id)}`;
  const history = useQuery({ queryKey: [path], queryFn: () => getJson<StreamHistory>(path) });
  return (
    <>
      <h1>
        History of {streamType} {id}
      </h1>
      {history.isPending && <p>Loading history...</p>}
      {history.isError && <p className="error-text">No history found.</p>}
      <ol className="history">
        {history.data?.events.map((e) => (
          <li key={e.version} data-testid="history-event">
            <strong>{e.type}</strong> · {new Date(e.recordedAt).toLocaleString()} · by {e.actor}
            <pre>{JSON.stringify(e.data, null, 2)}</pre>
          </li>
        ))}
      </ol>
    </>
  );
}
