/** The home page's trailing newsletter component renders nothing (the signup card stands in the shop's grid, under its first row). */
export function Newsletter() {
  return null;
}
