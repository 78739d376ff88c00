const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Shopper-typed text (names, addresses) goes into email HTML only through this. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);
