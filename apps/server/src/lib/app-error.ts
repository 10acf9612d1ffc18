import { msg } from '@lingui/core/macro';
import { ERROR_STATUS, type ErrorCode } from '@bantay/shared';
import { inEnglish, type Text } from './i18n.ts';

/** A field's error: its dotted path and what is wrong, translated like the error's own message. */
export interface AppFieldError {
  field: string;
  message: Text;
}

export interface AppErrorOptions {
  fields?: AppFieldError[];
  retryAfterSeconds?: number;
  details?: Record<string, unknown>;
}

/**
 * The one error type services throw; the central handler (http/error-handler.ts) turns it into the
 * API's error body, with `message` and each field's `message` in the language of the request
 * (decision 029). The code stays as it is, in English: clients match on it.
 *
 * Mark the text with Lingui's `msg` macro; a value inside it becomes a named placeholder, so give
 * it a plain name (the translator sees `{name}`, not `{0}`):
 *
 *   import { msg } from '@lingui/core/macro';
 *   throw new AppError('NOT_FOUND', msg`Incident not found`);
 *   throw notFound(msg`Blotter entry not found`);
 *   throw forbidden(msg`Admins can manage tanod accounts only`);
 *   const available = item.available;
 *   throw new AppError('insufficient_stock', msg`Only ${available} available`);
 *   throw new AppError('VALIDATION_FAILED', msg`Choose a photo to upload`, {
 *     fields: [{ field: 'photo', message: msg`Choose a photo to upload` }],
 *   });
 *
 * A plain string is still accepted (English, sent as it is) until every module is marked.
 * `error.message` is always the English, for logs and tests; `error.text` is what gets translated.
 */
export class AppError extends Error {
  readonly status: number;
  readonly text: Text;
  constructor(
    readonly code: ErrorCode,
    text: Text,
    readonly options: AppErrorOptions = {},
  ) {
    super(inEnglish(text));
    this.name = 'AppError';
    this.text = text;
    this.status = ERROR_STATUS[code];
  }
}

/**
 * 404. Give the whole sentence: `notFound(msg`Incident not found`)`. A plain string is the thing's
 * English name (`notFound('Incident')` → "Incident not found"), until every module is marked.
 */
export const notFound = (what: Text) =>
  new AppError('NOT_FOUND', typeof what === 'string' ? `${what} not found` : what);

export const forbidden = (text: Text = msg`You do not have permission to do this`) => new AppError('FORBIDDEN', text);
