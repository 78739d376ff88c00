import { useCallback, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { ALL, SOLD_OUT, type ShopFilter } from './product-filter';

/** The query parameter that holds the shop's filter: `/?category=patches`, `/?category=sold-out`. */
export const CATEGORY_PARAM = 'category';
/** Present (`show=sold-out`) when a category with nothing in stock shows its sold-out pieces. */
export const SHOW_PARAM = 'show';

const never = () => () => {};

export interface ShopFilterState {
  filter: ShopFilter;
  /** The chosen category's sold-out pieces are shown (it has nothing in stock). */
  showSoldOut: boolean;
  setFilter: (filter: ShopFilter) => void;
  /** The address that shows the chosen category's sold-out pieces. */
  showSoldOutHref: string;
}

/**
 * The shop's filter, kept in the address (`?category=`) so a reload, a shared link or Back keeps
 * it. `known` are the category slugs once loaded (until then the address is taken at its word):
 * anything else in the address reads as all. While React adopts the build's prerendered home page (drawn
 * with no address query) the filter reads as all, so the adoption matches; the real one follows.
 */
export function useShopFilter(known: readonly string[] | undefined): ShopFilterState {
  const [params, setParams] = useSearchParams();
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const asked = hydrated ? params.get(CATEGORY_PARAM) : null;
  const filter = asked && (asked === SOLD_OUT || !known || known.includes(asked)) ? asked : ALL;

  const setFilter = useCallback(
    (next: ShopFilter) =>
      // replace: a filter is a view of the shop, not a page of its own to step back through.
      setParams(next === ALL ? {} : { [CATEGORY_PARAM]: next }, { replace: true, preventScrollReset: true }),
    [setParams],
  );

  return {
    filter,
    showSoldOut: hydrated && filter !== ALL && filter !== SOLD_OUT && params.get(SHOW_PARAM) === SOLD_OUT,
    setFilter,
    showSoldOutHref: `?${new URLSearchParams({ [CATEGORY_PARAM]: filter, [SHOW_PARAM]: SOLD_OUT })}`,
  };
}
