import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';
import { Pager } from '../list/Pager';
import { apiQuery, useListQuery } from '../list/useListQuery';

const SUBSCRIBERS = '/api/admin/subscribers';
const PAGE_SIZE = 25;

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The newsletter list: searched by email or name, paged, and exported (who is subscribed now) as CSV. */
export function SubscribersPage() {
  const list = useListQuery();
  const query = { search: list.search || undefined, page: list.page, pageSize: PAGE_SIZE };
  const subscribers = useQuery({
    queryKey: [SUBSCRIBERS, list.search, list.page],
    queryFn: () => ok(api.GET('/api/admin/subscribers', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const data = subscribers.data;
  return (
    <>
      <div className="card-head">
        <h1>Subscribers</h1>
        <a className="button" href={`${SUBSCRIBERS}.csv${apiQuery({ search: list.search })}`} download>
          Export CSV
        </a>
      </div>
      <div className="toolbar">
        <label>
          Search subscribers
          <input type="search" value={list.typed} placeholder="Email or name" onChange={(e) => list.setTyped(e.target.value)} />
        </label>
      </div>
      <p className="muted">The export holds who is subscribed now{list.search ? ' and matches the search' : ''}.</p>
      {subscribers.isPending && <p>Loading subscribers...</p>}
      {subscribers.isError && <p className="error-text">Failed to load subscribers.</p>}
      {data && data.total === 0 && <p className="muted">{list.search ? 'No subscriber matches that search.' : 'No subscribers yet.'}</p>}
      {data && data.total > 0 && (
        <>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Name</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.subscribers.map((s) => (
                  <tr key={s.email} data-testid="subscriber">
                    <td>{s.email}</td>
                    <td>{s.name ?? <span className="muted">—</span>}</td>
                    <td>{formatDay(s.joinedAt)}</td>
                    <td>{s.subscribed ? <span className="badge badge-ok">Subscribed</span> : <span className="badge badge-out">Left {s.leftAt ? formatDay(s.leftAt) : ''}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Subscribers" page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />
        </>
      )}
    </>
  );
}
