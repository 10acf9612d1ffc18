/**
 * Why the invisible bot-check could not give a payload; each maps to a docs/product.md §A8 text. `offline`:
 * the server or the widget's code could not be reached (a report then waits for the signal).
 * Thrown by the page's widget (lib/bot-check.ts) and by the service worker's solve (lib/bot-check-proof.ts).
 */
export class BotCheckError extends Error {
  constructor(
    readonly reason: 'expired' | 'setup',
    readonly offline = false,
  ) {
    // For the logs only: the forms show their own text for each reason (two-factor-api.ts).
    super(reason === 'expired' ? ('The bot check expired' as const) : ('The bot check could not be set up' as const));
    this.name = 'BotCheckError';
  }
}
