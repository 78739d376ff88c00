import { Migration } from '@mikro-orm/migrations';

/**
 * `append_events_all_or_none`: the statement every append runs from now on. As `append_events`
 * (events, their outbox rows, one change notification per stream), with two differences that let
 * a group of appends and its projections go to the database in one round trip:
 * - all or none: when any stream is not exactly at the version its writer read, nothing is
 *   written and it fails with SQLSTATE `DC409`, the stale streams' indexes (`m`) as a JSON array in
 *   its detail; the writer leaves those out and sends the rest again. (`append_events` left them
 *   out itself, which a projection written before its answer could not know.)
 * - the writer gives `recorded_at`, so that the projections it writes beside the insert carry
 *   the very time the events do.
 * Two transactions appending at the same version still clash on the unique `(stream_id, version)`.
 * `append_events` stays for processes still running the code before this one.
 */
export class Migration20261126000300_append_all_or_none extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function append_events_all_or_none(p_streams jsonb, p_events jsonb, p_jobs jsonb, p_channel text, p_recorded_at timestamptz) returns setof events
      language plpgsql as $body$
      declare
        v_stale jsonb;
      begin
        select jsonb_agg(r.m order by r.m) into v_stale
          from jsonb_to_recordset(p_streams) as r (m integer, stream_id text, expected integer)
         where (select coalesce(max(version), 0) from events where stream_id = r.stream_id) <> r.expected;
        if v_stale is not null then
          raise exception 'streams not at the versions their writers read' using errcode = 'DC409', detail = v_stale::text;
        end if;
        return query
        with requested as (
          select * from jsonb_to_recordset(p_streams) as r (m integer, stream_id text, stream_type text, expected integer, n_events integer, metadata jsonb)
        ), appended as (
          insert into events (event_id, stream_id, stream_type, version, type, data, metadata, recorded_at)
          select e.event_id, r.stream_id, r.stream_type, r.expected + e.n, e.type, e.data, r.metadata, p_recorded_at
            from jsonb_to_recordset(p_events) as e (m integer, n integer, event_id uuid, type text, data jsonb)
            join requested r using (m)
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
          select pg_notify(p_channel, r.stream_type || '|' || r.stream_id || '|' || (r.expected + r.n_events)) from requested r
        )
        select a.* from appended a cross join (select count(*) from notified) as n
        order by a.global_position;
      end
      $body$`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function append_events_all_or_none(jsonb, jsonb, jsonb, text, timestamptz)');
  }
}
