import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SECURITY_LIMITS } from '@bantay/shared';
import { ACCOUNT_RULES, PASSWORD_TEXTS } from './account-rules.ts';

describe('the account rules the browser mirrors', () => {
  it('match the shared limits and password messages the server uses', () => {
    expect(ACCOUNT_RULES.codeLength).toBe(SECURITY_LIMITS.codeLength);
    expect(ACCOUNT_RULES.phoneMinLength).toBe(SECURITY_LIMITS.phoneMinLength);
    expect(ACCOUNT_RULES.photoMaxBytes).toBe(SECURITY_LIMITS.photoMaxBytes);
    expect([...ACCOUNT_RULES.photoTypes]).toEqual([...SECURITY_LIMITS.photoTypes]);
    expect(PASSWORD_TEXTS).toEqual(PASSWORD_MESSAGES);
  });
});
