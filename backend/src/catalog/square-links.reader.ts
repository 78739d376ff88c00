import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A variant whose Square count is below zero: the stall sold units the shop had sold too. */
export interface OversoldAtStall {
  productId: number;
  variantId: string;
  /** "Raven Hoodie, M" (the product's name alone for a one-variant product). */
  name: string;
  squareCount: number;
  squareCountAt: string | null;
}

/** Names compared as a person would: case and surrounding space aside. */
export const sameName = (name: string) => name.trim().toLowerCase();

/** How the catalogue's products are linked to Square's items, as the Square sync and the stock alerts read it. */
@Injectable()
export class SquareLinksReader {
  constructor(private readonly orm: MikroORM) {}

  /** Which product each Square catalogue item became: the sync updates it rather than adding another. */
  async productsBySquareItem(): Promise<Map<string, number>> {
    const rows = await (this.orm.em as EntityManager)
      .getConnection()
      .execute<{ id: number; square_item_id: string }[]>('select id, square_item_id from products where square_item_id is not null');
    return new Map(rows.map((r) => [r.square_item_id, r.id]));
  }

  /** The product one of whose variants on sale follows a Square item variation's count, if any. */
  async productOfVariation(squareVariationId: string): Promise<number | undefined> {
    const [row] = await this.orm.em
      .getConnection()
      .execute<{ id: number }[]>('select product_id as id from product_variants where square_variation_id = ? and not removed order by product_id limit 1', [squareVariationId]);
    return row?.id;
  }

  oversoldAtStall(): Promise<OversoldAtStall[]> {
    return (this.orm.em as EntityManager).getConnection().execute<OversoldAtStall[]>(
      `select p.id as "productId", v.id as "variantId", case when v.name = '' then p.name else p.name || ', ' || v.name end as name,
              v.square_count as "squareCount", v.square_count_at as "squareCountAt"
         from product_variants v join products p on p.id = v.product_id
        where v.square_count < 0 and not v.removed order by v.square_count_at desc nulls last, p.id, v.position`,
    );
  }

  /**
   * The products the studio added in the admin: their stream begins with an admin's ProductAdded
   * appended straight from the request (an `admin:` actor and no cause, as the Square write-back
   * tells the studio's edits apart).
   */
  async studioProducts(): Promise<Set<number>> {
    const rows = await (this.orm.em as EntityManager).getConnection().execute<{ id: number }[]>(
      `select p.id from products p join events e on e.stream_id = 'product-' || p.id and e.version = 1
        where e.type = 'ProductAdded' and e.metadata->>'actor' like 'admin:%' and e.metadata->>'causationId' is null`,
    );
    return new Set(rows.map((r: { id: number }) => r.id));
  }

  /** The products withdrawn in Square (their item archived or deleted): a sync that reads the item on sale again restores them. */
  async withdrawnInSquare(): Promise<Set<number>> {
    const rows = await (this.orm.em as EntityManager).getConnection().execute<{ id: number }[]>('select id from products where withdrawn_in_square is not null');
    return new Set(rows.map((r) => r.id));
  }

  /** Products never linked to Square, by name in lower case: a sync adopts the one of a Square item's name rather than adding its twin. */
  async unlinkedProductsByName(): Promise<Map<string, number[]>> {
    const rows = await (this.orm.em as EntityManager).getConnection().execute<{ id: number; name: string }[]>('select id, name from products where square_item_id is null order by id');
    const byName = new Map<string, number[]>();
    for (const row of rows) byName.set(sameName(row.name), [...(byName.get(sameName(row.name)) ?? []), row.id]);
    return byName;
  }
}
