import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SquareClient, SquareError } from 'square';

export interface NewCustomer {
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

  /**
   * The one customer of an email address: found, else created with a key of the address itself, so
   * that whoever asks first (the newsletter, a checkout, two checkouts at once) makes it and every
   * other ask finds it. Another caller's body under that key is refused by Square
   * (`IDEMPOTENCY_KEY_REUSED`): that caller made the customer, which is then found.
   */
  async forEmail(customer: NewCustomer): Promise<string> {
    const email = customer.email.trim().toLowerCase();
    const found = await this.findByEmail(email);
    if (found) return found;
    try {
      return await this.create(customerKey(email), { ...customer, email });
    } catch (error) {
      const madeByAnother = error instanceof SquareError && error.errors.some((e) => String(e.code) === 'IDEMPOTENCY_KEY_REUSED');
      const made = madeByAnother ? await this.findByEmail(email) : undefined;
      if (made) return made;
      throw error;
    }
  }

  private async create(idempotencyKey: string, customer: NewCustomer): Promise<string> {
    const { customer: created } = await this.square.customers.create({
      idempotencyKey,
      emailAddress: customer.email,
      ...(customer.name ? { givenName: customer.name } : {}),
      referenceId: customer.referenceId,
      note: customer.note,
    });
    if (!created?.id) throw new Error('Square created a customer without an id');
    return created.id;
  }
}

/** One key per address (Square allows 45 characters). */
export const customerKey = (email: string) => `customer-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
