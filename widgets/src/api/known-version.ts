/**
 * A read the storefront repeats names the version it already holds (`?version=`): the shop runs as
 * several processes, and one that has not yet heard of a change another answered then reads its
 * database instead of answering something older. A first read names none (its URL stays the one
 * the page preloads).
 */
export function knownVersion(known: number | undefined): { version?: string } {
  return known === undefined ? {} : { version: String(known) };
}
