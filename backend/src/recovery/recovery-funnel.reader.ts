import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCents } from '../platform/money';

import type { RecoveryFunnel } from './recovery.responses';

export type { RecoveryFunnel };

/**
 * The carts abandoned in the last `days`, and of those: how many got a recovery email, how many
 * came back (through a restore link, or bought after their first recovery email) and what those
 * orders came to. Read from the event log: it holds every step with its time, which no view keeps.
 */
@Injectable()
export class RecoveryFunnelReader {
  constructor(private readonly orm: MikroORM) {}

  async read(days: number): Promise<RecoveryFunnel> {
    const [row] = await (this.orm.em as EntityManager).getConnection().execute<{ abandoned: number; emailed: number; recovered: number; revenue: string }[]>(
      `with abandoned as (
         select stream_id from events where type = 'CartAbandoned' and recorded_at >= now() - make_interval(days => ?) group by stream_id
       ), emailed as (
         select stream_id, min(recorded_at) as first_email from events
          where type = 'RecoveryEmailSent' and stream_id in (select stream_id from abandoned) group by stream_id
       ), restored as (
         select stream_id, min(recorded_at) as restored_at from events
          where type = 'CartRecovered' and stream_id in (select stream_id from abandoned) group by stream_id
       ), bought as (
         -- The first purchase after the shopper came back or was first emailed (least() skips nulls).
         select distinct on (e.stream_id) e.stream_id, e.data->>'orderId' as order_id
           from events e left join emailed m using (stream_id) left join restored r using (stream_id)
          where e.type = 'CartCheckedOut' and e.stream_id in (select stream_id from abandoned)
            and e.recorded_at > least(m.first_email, r.restored_at)
          order by e.stream_id, e.global_position
       )
       select (select count(*) from abandoned)::int as abandoned,
              (select count(*) from emailed)::int as emailed,
              (select count(*) from (select stream_id from restored union select stream_id from bought) x)::int as recovered,
              (select coalesce(sum(o.total_cents), 0) from bought b join orders o on o.id::text = b.order_id)::text as revenue`,
      [days],
    );
    return { days, abandoned: row.abandoned, emailed: row.emailed, recovered: row.recovered, recoveredRevenue: formatCents(Number(row.revenue)) };
  }
}
