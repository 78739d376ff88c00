/** "ana@example.com" → "a•••@example.com": enough for the shopper to know it is theirs, too little to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${at >= 0 ? email.slice(at) : ''}`;
}
