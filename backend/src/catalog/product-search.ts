import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The most products one search answers with, best first. */
export const SEARCH_LIMIT = 48;

/** A lexeme as tsquery input reads it back unchanged: quoted, its quotes doubled, its backslashes escaped. */
const quoted = (column: string) => `'''' || replace(replace(${column}, '\\', '\\\\'), '''', '''''') || ''''`;

/**
 * One statement, on PostgreSQL and on the embedded PGlite alike. The query's words are PostgreSQL's
 * own (`to_tsvector('simple', q)`, split as the documents were), English stop words left out, the
 * eight longest kept. A word is matched as a prefix ("rav" finds Raven) when some word of the
 * catalogue starts with it (one range of the vocabulary's bytewise index); otherwise it is taken for a typo and stands for the five words of the
 * vocabulary most like it by trigrams (pg_trgm's `%`: "ravn" for "raven", "hodie" for "hoodie").
 * Every word must match (a SKU's words are the document's too); an exact SKU comes first. Ranked by
 * the weighted document (name, then category, options and SKUs, then description), a product
 * matching the words as typed above one matching only what a typo stood for. Whatever `q` holds reaches SQL only as a bound parameter and as lexemes quoted here.
 */
const SEARCH_SQL = `
with terms as (
  select t.w from unnest(tsvector_to_array(to_tsvector('simple', ?::text))) as t(w)
   where to_tsvector('english', t.w) <> ''::tsvector
   order by length(t.w) desc, t.w limit 8
), alternatives as (
  select ${quoted('terms.w')} as term,
         case when exists (select 1 from product_search_words v where v.word collate "C" >= terms.w collate "C" and v.word collate "C" < (terms.w || chr(1114111)) collate "C") then ''
              else coalesce((select string_agg(' | ' || ${quoted('a.word')}, '')
                               from (select v.word from product_search_words v where v.word % terms.w
                                      order by similarity(v.word, terms.w) desc, v.word limit 5) a), '') end as typo
    from terms
), query as materialized (
  select string_agg('(' || term || ':*' || typo || ')', ' & ')::tsquery as loose, string_agg(term || ':*', ' & ')::tsquery as exact from alternatives
)
select s.product_id as id
  from product_search s, query
 where s.document @@ query.loose
 order by (s.skus @> array[lower(?::text)]) desc, ts_rank(s.document, query.loose) + (s.document @@ query.exact)::int desc, s.product_id
 limit ${SEARCH_LIMIT}`;

/** The storefront's search over names, descriptions, categories, option values and SKUs (`GET /api/products?q=`). */
@Injectable()
export class ProductSearch {
  constructor(private readonly orm: MikroORM) {}

  /** The ids of the products `q` finds, best first (listed or not: the caller shows only what it lists). */
  async ids(q: string): Promise<number[]> {
    const sku = q.trim();
    const rows = await (this.orm.em as EntityManager).getConnection().execute<{ id: number }[]>(SEARCH_SQL, [q, sku]);
    return rows.map((r) => Number(r.id));
  }
}
