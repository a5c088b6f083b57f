/** A severity level as the rating reads it. */
export interface SeverityBand { id: number; name: string; color: string; minValue: number; maxValue: number | null }

/** A cell of the quote matrix as the rating reads it. */
export interface QuoteCell { id: number; consequenceId: number; probabilityId: number; label: string; value: number; color: string }

/** What a probability x consequence pair is worth: its quote and the severity level holding its value. */
export interface Rating { quote: QuoteCell; severity: SeverityBand | null }

/**
 * The severity level whose range [min, max] holds `value` (an empty max is open-ended, as the
 * spec's priority levels). When ranges overlap, the one with the highest minimum wins: it is the
 * most specific. Null when no level covers the value.
 */
export function severityFor(levels: readonly SeverityBand[], value: number): SeverityBand | null {
  let found: SeverityBand | null = null;
  for (const l of levels) {
    if (value < l.minValue || (l.maxValue !== null && value > l.maxValue)) continue;
    if (!found || l.minValue > found.minValue) found = l;
  }
  return found;
}

/** The quote of a consequence x probability pair, or null when the cell is not filled in. */
export function findQuote(quotes: readonly QuoteCell[], consequenceId: number | null, probabilityId: number | null): QuoteCell | null {
  if (consequenceId === null || probabilityId === null) return null;
  return quotes.find((q) => q.consequenceId === consequenceId && q.probabilityId === probabilityId) ?? null;
}

/** Rates a pair: its quote and the severity level of the quote's value; null when either side or the cell is missing. */
export function rate(quotes: readonly QuoteCell[], levels: readonly SeverityBand[], consequenceId: number | null, probabilityId: number | null): Rating | null {
  const quote = findQuote(quotes, consequenceId, probabilityId);
  return quote ? { quote, severity: severityFor(levels, quote.value) } : null;
}

/** The value a new cell is given by default: consequence level x probability level, the classic matrix. */
export function defaultQuoteValue(consequenceLevel: number, probabilityLevel: number): number {
  return consequenceLevel * probabilityLevel;
}
