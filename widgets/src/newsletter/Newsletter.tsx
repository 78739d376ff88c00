/** The home page's trailing newsletter component renders nothing (the signup card lives in the hero). */
export function Newsletter() {
  return null;
}
