import { EntitySchema } from '@mikro-orm/core';

/** A row of the subscribers read table: one per email that ever joined. */
export class SubscriberView {
  id!: string;
  email!: string;
  name?: string | null;
  subscribed!: boolean;
  joinedAt!: Date;
  leftAt?: Date | null;
  squareCustomerId?: string | null;
  welcomeSentAt?: Date | null;
  version!: number;
  updatedAt!: Date;
}

export const SubscriberViewSchema = new EntitySchema<SubscriberView>({
  class: SubscriberView,
  tableName: 'subscribers',
  properties: {
    id: { type: 'text', primary: true },
    email: { type: 'text' },
    name: { type: 'text', nullable: true },
    subscribed: { type: 'boolean' },
    joinedAt: { type: 'datetime' },
    leftAt: { type: 'datetime', nullable: true },
    squareCustomerId: { type: 'text', nullable: true },
    welcomeSentAt: { type: 'datetime', nullable: true },
    version: { type: 'integer' },
    updatedAt: { type: 'datetime' },
  },
});
