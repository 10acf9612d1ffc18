import { msg } from '@lingui/core/macro';
import { config, type core } from 'zod';
import { translate } from './i18n.ts';

/**
 * What a check says when its schema gave it no message of its own: zod's defaults ("Invalid input:
 * expected string, received undefined") are English written for developers, and zod has no
 * Filipino. These read plainly in the language in use (decision 029); the schemas' own messages
 * (`zodMessage`, `fieldMessage` in i18n.ts) still win wherever a schema has one.
 */
export function fallbackMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return translate(issue.input === undefined || issue.input === null ? msg`This is required` : msg`This value is not the right kind`);
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return translate(min <= 1 ? msg`This is required` : msg`Must be at least ${min} characters`);
      if (issue.origin === 'array' || issue.origin === 'set') return translate(min <= 1 ? msg`Choose at least one` : msg`Choose at least ${min}`);
      return translate(msg`Must be at least ${min}`);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return translate(max === 1 ? msg`Must be one character` : msg`Must be at most ${max} characters`);
      if (issue.origin === 'array' || issue.origin === 'set') return translate(msg`Choose at most ${max}`);
      return translate(msg`Must be at most ${max}`);
    }
    case 'invalid_format':
      return translate(issue.format === 'email' ? msg`Enter a valid email address` : msg`The format is not valid`);
    case 'invalid_value':
      return translate(msg`Choose one of the options`);
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      return translate(msg`Unknown field: ${keys}`);
    }
    case 'not_multiple_of':
      return translate(msg`This number is not allowed`);
    default:
      return translate(msg`This value is not valid`);
  }
}

config({ customError: fallbackMessage });
