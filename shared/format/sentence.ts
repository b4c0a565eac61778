/*
 * Messages are composed from parts written elsewhere: a reason, the merchant's own text. A part may end
 * with its own period, so the sentence is ended here only when it is not ended already ("…stock.." never).
 */

/**
 * The text as a sentence: a period added unless it already ends with one (or with ! ? …).
 * @example sentence('Out of stock') // 'Out of stock.'
 * @example sentence('Out of stock.') // 'Out of stock.'
 */
export function sentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/**
 * The start of a text for a message, quoted: at most `max` characters, with an ellipsis when cut.
 * @example excerpt('{"a": 1,') // '"{\"a\": 1,"'
 */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}
