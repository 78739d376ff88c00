import { Migration } from '@mikro-orm/migrations';

/**
 * The change notification of `append_events_all_or_none` also names who appended and whether the
 * append queued jobs: `type|id|version|origin|jobs`, `origin` and `jobs` given per stream by the
 * writer (its change feed's name; its outbox rows for that stream). A process hears its own
 * commits when they commit and skips their notices by the origin; a worker starts its outbox relay
 * on a notice with jobs. Same name and arguments, so processes still running the code before this
 * one call it as before (they give no origin, and read only the first three fields).
 */
export class Migration20261201000000_change_notice_origin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create or replace function append_events_all_or_none(p_streams jsonb, p_events jsonb, p_jobs jsonb, p_channel text, p_recorded_at timestamptz) returns setof events
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
          select * from jsonb_to_recordset(p_streams) as r (m integer, stream_id text, stream_type text, expected integer, n_events integer, metadata jsonb, origin text, jobs integer)
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
          select pg_notify(p_channel, r.stream_type || '|' || r.stream_id || '|' || (r.expected + r.n_events) || '|' || coalesce(r.origin, '') || '|' || coalesce(r.jobs, 0)) from requested r
        )
        select a.* from appended a cross join (select count(*) from notified) as n
        order by a.global_position;
      end
      $body$`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create or replace function append_events_all_or_none(p_streams jsonb, p_events jsonb, p_jobs jsonb, p_channel text, p_recorded_at timestamptz) returns setof events
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
}
