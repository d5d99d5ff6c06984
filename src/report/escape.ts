const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML or SVG, in an element or a quoted attribute value. */
export const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
