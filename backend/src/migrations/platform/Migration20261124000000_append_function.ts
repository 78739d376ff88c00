import { Migration } from '@mikro-orm/migrations';

/**
 * `append_events`: the statement every append runs, as a PL/pgSQL function so that each session
 * plans it once and keeps the plan (sent inline, the large statement was planned again for every
 * group, about a fifth of its time).
 *
 * Appends to many streams at once, each only if its stream is exactly at the version its writer
 * read: a stream that moved on (or that a writer names a version ahead of, which would leave a
 * gap) gets no rows and the others go in regardless. Two transactions appending at the same
 * version clash on the unique `(stream_id, version)` and the whole statement fails. With the
 * events go their outbox rows (the payload is the recorded event as `toRecordedEvent` then JSON
 * would give it) and one change notification per stream on `p_channel`, delivered at commit.
 * Answers the events appended, in order.
 */
export class Migration20261124000000_append_function extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function append_events(p_streams jsonb, p_events jsonb, p_jobs jsonb, p_channel text) returns setof events
      language plpgsql as $body$
      begin
        return query
        with requested as (
          select * from jsonb_to_recordset(p_streams) as r (m integer, stream_id text, stream_type text, expected integer, n_events integer, metadata jsonb)
        ), ready as (
          select r.* from requested r
           where (select coalesce(max(version), 0) from events where stream_id = r.stream_id) = r.expected
        ), appended as (
          insert into events (event_id, stream_id, stream_type, version, type, data, metadata)
          select e.event_id, r.stream_id, r.stream_type, r.expected + e.n, e.type, e.data, r.metadata
            from jsonb_to_recordset(p_events) as e (m integer, n integer, event_id uuid, type text, data jsonb)
            join ready r using (m)
            order by e.m, e.n
          returning *
        ), queued as (
          insert into outbox (event_id, queue, job_name, payload)
          select a.event_id, j.queue, j.job_name, jsonb_build_object(
              'type', a.type, 'data', a.data, 'eventId', a.event_id, 'streamId', a.stream_id, 'streamType', a.stream_type,
              'version', a.version, 'globalPosition', a.global_position::text, 'metadata', a.metadata,
              'recordedAt', to_char(a.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            from jsonb_to_recordset(p_jobs) as j (event_id uuid, queue text, job_name text)
            join appended a using (event_id)
            order by a.global_position
        ), notified as (
          select pg_notify(p_channel, r.stream_type || '|' || r.stream_id || '|' || (r.expected + r.n_events)) from ready r
        )
        select a.* from appended a cross join (select count(*) from notified) as n
        order by a.global_position;
      end
      $body$`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function append_events(jsonb, jsonb, jsonb, text)');
  }
}
