import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The shopper's order number (DC-1001, DC-1002, …), given to an order once its payment is
 * captured: a declined or abandoned attempt takes none, so paid orders are numbered one after
 * another. The number is claimed for the order id, so whoever records the payment (the request,
 * its twin, the reconciliation job) gets the same one, and no two orders share one.
 */
@Injectable()
export class OrderNumbers {
  constructor(private readonly orm: MikroORM) {}

  async claim(orderId: string): Promise<string> {
    const number = await (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      // The counter's row stays locked until this claim commits: one claim at a time, and a claim
      // read after the lock sees any twin's that committed before it.
      const [counter] = await em.execute<{ last_number: number }[]>('select last_number from order_number_counter for update');
      const [claimed] = await em.execute<{ number: number }[]>('select number from order_number_claims where order_id = ?', [orderId]);
      if (claimed) return claimed.number;
      const next = counter!.last_number + 1;
      await em.execute('update order_number_counter set last_number = ?', [next]);
      await em.execute('insert into order_number_claims (order_id, number) values (?, ?)', [orderId, next]);
      return next;
    });
    return `DC-${number}`;
  }
}
