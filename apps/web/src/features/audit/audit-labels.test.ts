import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '@bantay/shared';
import { ACTION_LABELS, ENTITY_LABELS } from './audit-labels.ts';

/** A label's English, whether the vocabulary holds plain words or catalogue descriptors. */
const english = (labels: Record<string, string | { message?: string }>) =>
  Object.fromEntries(Object.entries(labels).map(([key, label]) => [key, typeof label === 'string' ? label : label.message]));

describe("the audit log's words", () => {
  it('are the shared vocabulary, word for word, in English', () => {
    expect(english(ACTION_LABELS)).toEqual(english(AUDIT_ACTION_LABELS));
    expect(english(ENTITY_LABELS)).toEqual(english(AUDIT_ENTITY_LABELS));
  });
});
