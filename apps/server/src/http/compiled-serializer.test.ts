import { describe, expect, it } from 'vitest';
import { conversationListResponseSchema, currentUserSchema, notificationListSchema } from '@bantay/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from './compiled-serializer.ts';

// The hot reads' compiled serializer must write what the zod serializer writes (same JSON value,
// extra fields dropped) for every shape the presenters produce, null and non-null alike.
type Route = Parameters<typeof compiledSerializerCompiler>[0];
const compile = (schema: unknown, serializer: 'compiled' | 'zod') => {
  const route = { schema, method: 'GET', url: '/test', httpStatus: '200' } as Route;
  return serializer === 'compiled'
    ? compiledSerializerCompiler(route)
    : zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};

const summary = (over: Record<string, unknown> = {}) => ({
  _id: 'u1',
  firstName: 'Ana',
  lastName: 'Cruz',
  userType: 'tanod',
  profilePicture: null,
  isOnline: true,
  lastActive: '2026-11-26T01:02:03.000Z',
  ...over,
});

const cases: Array<[string, unknown, unknown[]]> = [
  [
    'conversations',
    conversationListResponseSchema,
    [
      { conversations: [] },
      {
        conversations: [
          {
            _id: 'c1',
            participants: [
              summary({ passwordHash: 'secret' }),
              summary({ _id: 'u2', profilePicture: '/f/p.webp', lastActive: null, isOnline: false }),
            ],
            lastMessage: 'Hello "there"\n\u2028</script>',
            lastMessageSender: { _id: 'u2', extra: 1 },
            read: false,
            updatedAt: '2026-11-26T01:02:03.000Z',
            createdAt: '2026-11-25T01:02:03.000Z',
            me: { clearedSeq: 3 },
          },
          {
            _id: 'c2',
            participants: [summary(), summary({ _id: 'u3', userType: 'admin' })],
            lastMessage: null,
            lastMessageSender: null,
            read: true,
            updatedAt: '2026-11-26T01:02:03.000Z',
            createdAt: '2026-11-25T01:02:03.000Z',
          },
        ],
      },
    ],
  ],
  [
    'notifications',
    notificationListSchema,
    [
      [],
      [
        {
          _id: 'n1',
          message: 'Report filed',
          read: false,
          createdAt: '2026-11-26T01:02:03.000Z',
          kind: 'incident',
          entityType: 'incident',
          entityId: 'i1',
          userId: 'u1',
        },
        {
          _id: 'n2',
          message: 'Note',
          read: true,
          createdAt: '2026-11-26T01:02:03.000Z',
          kind: 'note',
          entityType: null,
          entityId: null,
        },
      ],
    ],
  ],
  [
    'current user',
    currentUserSchema,
    [
      {
        ...summary(),
        middleName: null,
        username: 'ana',
        email: null,
        phoneNumber: '+639171234567',
        isTeamLeader: false,
        status: 'active',
        twoFactorEnabled: true,
        address: null,
        birthday: '1990-01-02',
        gender: null,
        hasUnreadNotifications: true,
        mustChangePassword: false,
        createdAt: '2026-11-25T01:02:03.000Z',
        updatedAt: '2026-11-25T01:02:03.000Z',
        passwordHash: 'must not leak',
      },
    ],
  ],
];

describe('compiled response serializer', () => {
  for (const [name, schema, samples] of cases) {
    it(`writes what the zod serializer writes: ${name}`, () => {
      const fast = compile(schema, 'compiled');
      const zod = compile(schema, 'zod');
      for (const sample of samples) {
        const written = fast(sample);
        expect(JSON.parse(written)).toEqual(JSON.parse(zod(sample)));
        expect(written).not.toContain('passwordHash');
      }
    });
  }

  it('refuses an answer that lacks a required field, as the zod one does', () => {
    const fast = compile(notificationListSchema, 'compiled');
    expect(() =>
      fast([{ _id: 'n1', read: false, createdAt: 'x', kind: 'k', entityType: null, entityId: null }]),
    ).toThrow();
  });
});
