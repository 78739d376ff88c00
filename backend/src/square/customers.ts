import { Injectable } from '@nestjs/common';
import { SquareClient } from 'square';

export interface NewCustomer {
  /** The same key for every try of one customer: Square makes it once. */
  idempotencyKey: string;
  email: string;
  name: string | null;
  referenceId: string;
  note: string;
}

/** Square's customer directory. Its errors are thrown: the callers are jobs, retried with backoff. */
@Injectable()
export class SquareCustomers {
  constructor(private readonly square: SquareClient) {}

  /** The id of a customer Square holds with this email, if any. */
  async findByEmail(email: string): Promise<string | undefined> {
    const { customers } = await this.square.customers.search({ limit: BigInt(1), query: { filter: { emailAddress: { exact: email } } } });
    return customers?.[0]?.id;
  }

  /** Creates the customer and answers its id. */
  async create(customer: NewCustomer): Promise<string> {
    const { customer: created } = await this.square.customers.create({
      idempotencyKey: customer.idempotencyKey,
      emailAddress: customer.email,
      ...(customer.name ? { givenName: customer.name } : {}),
      referenceId: customer.referenceId,
      note: customer.note,
    });
    if (!created?.id) throw new Error('Square created a customer without an id');
    return created.id;
  }
}
