import { describe, expect, it } from 'vitest';
import { canMessage, type UserType } from './roles.ts';

const user = (id: string, userType: UserType) => ({ id, userType });

describe('canMessage', () => {
  it.each<[UserType, UserType, boolean]>([
    ['admin', 'tanod', true],
    ['admin', 'admin', false],
    ['admin', 'supadmin', false],
    ['admin', 'resident', false],
    ['supadmin', 'tanod', true],
    ['supadmin', 'admin', false],
    ['tanod', 'tanod', true],
    ['tanod', 'admin', true],
    ['tanod', 'supadmin', true],
    ['tanod', 'resident', false],
    ['resident', 'tanod', false],
    ['resident', 'resident', false],
  ])('%s → %s is %s', (from, to, allowed) => {
    expect(canMessage(user('a', from), user('b', to))).toBe(allowed);
  });

  it('nobody writes to themself', () => {
    expect(canMessage(user('a', 'tanod'), user('a', 'tanod'))).toBe(false);
  });
});
