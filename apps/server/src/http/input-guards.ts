import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Text PostgreSQL cannot store, refused as bad input before any route sees it: the NUL character
 * (text columns reject it, "invalid byte sequence for encoding UTF8: 0x00") and a lone UTF-16
 * surrogate (jsonb rejects its escape). Both reached the database through fields every schema
 * accepts (a user name, an address) and answered 500; no field has a use for either.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path to the first unstorable string (a value or a key) in a parsed input, or null. Iterative: inputs may nest deeply. */
export function unstorableTextAt(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return at;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const path = at ? `${at}.${key}` : key;
        if (UNSTORABLE.test(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      const at = unstorableTextAt(value);
      if (at === null) continue;
      const field = at || part;
      throw new AppError('VALIDATION_FAILED', msg`${field}: contains a character that cannot be stored`, {
        fields: [{ field, message: msg`contains a character that cannot be stored` }],
      });
    }
  });
}
