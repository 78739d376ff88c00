import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ok, type StreamHistory } from '@dark-circle/api-client';
import { api } from '../api/client';

/** Every event of one product, cart or order: what happened, who did it, and when. */
export function HistoryPage() {
  const { streamType = '', id = '' } = useParams();
  const history = useQuery({
    queryKey: ['/api/admin/history', streamType, id],
    // The address names the stream's type; the server refuses any other.
    queryFn: () => ok(api.GET('/api/admin/history/{streamType}/{id}', { params: { path: { streamType: streamType as StreamHistory['streamType'], id } } })),
  });
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
