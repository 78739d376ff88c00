import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';

const DEBOUNCE_MS = 300;

/**
 * A list's search, filters and page live in the URL's query, so a reload or a shared link shows the
 * same rows. The search box types into local state; the URL follows once typing pauses (and the page
 * goes back to 1), so each keystroke is not a request and a history entry.
 */
export function useListQuery(filterNames: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(search);

  // The URL changed under the box (back, a link): the box shows it, trailing space typed aside.
  useEffect(() => setTyped((current) => (current.trim() === search ? current : search)), [search]);
  const searchFor = useEffectEvent((text: string) => update({ search: text, page: '' }));
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = window.setTimeout(() => searchFor(typed.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  /** Sets (or, given '', removes) query fields; the history keeps one entry per list. */
  function update(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? '']));
  return {
    search,
    page,
    filters,
    typed,
    setTyped,
    setPage: (n: number) => update({ page: n > 1 ? String(n) : '' }),
    setFilter: (name: string, value: string) => update({ [name]: value, page: '' }),
  };
}

/** The query string of an API call, without empty fields. */
export function apiQuery(fields: Record<string, string | number>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}
