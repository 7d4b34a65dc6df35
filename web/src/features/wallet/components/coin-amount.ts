// Coin amounts as the wallet shows them. The API sends them as exact decimal text at the coin's
// scale ("0.00120000"); the domain's `formatAmount` shows money with two decimals, which would
// round a coin's satoshis away, so a coin amount keeps every decimal it was sent with and only
// gains thousands separators.

/** Exact decimal text with thousands separators in its whole part ("12345.5000" → "12,345.5000"). */
export function groupAmount(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = "", whole = "", fraction = ""] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction}`;
}
