import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './index.ts';

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('the messages of checks that carry none of their own', () => {
  it('read plainly instead of zod\'s developer English', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('This is required');
    expect(messageOf(z.string(), 5)).toBe('This value is not the right kind');
    expect(messageOf(z.string().min(1), '')).toBe('This is required');
    expect(messageOf(z.string().min(8), 'short')).toBe('Must be at least 8 characters');
    expect(messageOf(z.string().max(3), 'long text')).toBe('Must be at most 3 characters');
    expect(messageOf(z.number().max(10), 11)).toBe('Must be at most 10');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Choose at least one');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Choose one of the options');
    expect(messageOf(z.email(), 'nope')).toBe('Enter a valid email address');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Unknown field: extra');
  });

  it('leave a schema\'s own message alone', () => {
    expect(messageOf(z.string().min(3, 'Name is too short'), 'ab')).toBe('Name is too short');
  });
});
