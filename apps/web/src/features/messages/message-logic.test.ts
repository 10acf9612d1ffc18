import { describe, expect, it } from 'vitest';
import {  } from '@bantay/shared/limits';
import { MESSAGE_LIMITS } from '@bantay/shared';
import type { ChatMessage, ChatParticipant, Conversation } from './message-types.ts';
import {
  applyReadReceipt,
  CONTENT_MAX_LENGTH,
  POLL_MS,
  TYPING_THROTTLE_MS,
  TYPING_VISIBLE_MS,
  conversationFor,
  isTemporary,
  isUnread,
  lastMessagePreview,
  matchesConversation,
  matchesUser,
  mergeMessages,
  savedConversation,
  temporaryConversation,
  tickState,
} from './message-logic.ts';
import { dayLabel, groupByDay, rowTime, statusText } from './message-dates.ts';

const TZ = 'Asia/Manila';
const ME = 'u-me';
const juan: ChatParticipant = {
  _id: 'u-juan',
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  profilePicture: null,
  isOnline: false,
  lastActive: null,
  userType: 'tanod',
};
const meAsParticipant: ChatParticipant = { ...juan, _id: ME, firstName: 'Maricel', lastName: 'Reyes' };

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  _id: 'c1',
  participants: [meAsParticipant, juan],
  lastMessage: 'See you at the outpost',
  lastMessageSender: { _id: juan._id },
  read: false,
  updatedAt: '2026-03-10T02:00:00.000Z',
  createdAt: '2026-03-01T02:00:00.000Z',
  ...over,
});

const message = (id: string, from: string, createdAt: string, read = false): ChatMessage => ({
  _id: id,
  conversationId: 'c1',
  userId: from,
  content: `message ${id}`,
  createdAt,
  read,
});

// 2026-03-10 10:00 in Manila (UTC+8).
const NOW = new Date('2026-03-10T02:00:00.000Z');

describe('day grouping labels', () => {
  it('a message from this morning in Manila is Today', () => {
    expect(dayLabel('2026-03-10T00:30:00.000Z', NOW, TZ)).toBe('Today');
  });
  it('a message from late yesterday in Manila is Yesterday, even when it is the same UTC day', () => {
    // 2026-03-09 23:30 Manila = 2026-03-09T15:30Z; and 2026-03-10 00:10 Manila = 2026-03-09T16:10Z is Today.
    expect(dayLabel('2026-03-09T15:30:00.000Z', NOW, TZ)).toBe('Yesterday');
    expect(dayLabel('2026-03-09T16:10:00.000Z', NOW, TZ)).toBe('Today');
  });
  it('older messages show the full weekday and date', () => {
    expect(dayLabel('2026-03-06T04:00:00.000Z', NOW, TZ)).toBe('Friday, March 6, 2026');
  });
  it('Yesterday works across a month boundary', () => {
    const firstOfApril = new Date('2026-04-01T04:00:00.000Z');
    expect(dayLabel('2026-03-31T04:00:00.000Z', firstOfApril, TZ)).toBe('Yesterday');
  });
  it('messages are grouped by calendar day in order', () => {
    const groups = groupByDay(
      [
        message('a', juan._id, '2026-03-06T04:00:00.000Z'),
        message('b', ME, '2026-03-09T15:30:00.000Z'),
        message('c', juan._id, '2026-03-09T16:10:00.000Z'),
        message('d', ME, '2026-03-10T01:00:00.000Z'),
      ],
      NOW,
      TZ,
    );
    expect(groups.map((g) => [g.label, g.messages.map((m) => m._id).join('')])).toEqual([
      ['Friday, March 6, 2026', 'a'],
      ['Yesterday', 'b'],
      ['Today', 'cd'],
    ]);
  });
  it('the panel row shows the time today, Yesterday, the weekday this week, else the date', () => {
    expect(rowTime('2026-03-10T01:05:00.000Z', NOW, TZ)).toBe('9:05 AM');
    expect(rowTime('2026-03-09T04:00:00.000Z', NOW, TZ)).toBe('Yesterday');
    expect(rowTime('2026-03-07T04:00:00.000Z', NOW, TZ)).toBe('Sat');
    expect(rowTime('2026-02-20T04:00:00.000Z', NOW, TZ)).toBe('Feb 20');
  });
});

describe("the 'You: ' prefix", () => {
  it('is added when I sent the last message', () => {
    expect(lastMessagePreview(conversation({ lastMessageSender: { _id: ME } }), ME)).toBe('You: See you at the outpost');
  });
  it('is not added for the other person, nor when there is no message', () => {
    expect(lastMessagePreview(conversation(), ME)).toBe('See you at the outpost');
    expect(lastMessagePreview(conversation({ lastMessage: null, lastMessageSender: null }), ME)).toBe('');
  });
  it('a conversation is unread for me only when the other person wrote last', () => {
    expect(isUnread(conversation(), ME)).toBe(true);
    expect(isUnread(conversation({ read: true }), ME)).toBe(false);
    expect(isUnread(conversation({ lastMessageSender: { _id: ME } }), ME)).toBe(false);
  });
});

describe('search matching', () => {
  it("matches the other person's name, ignoring case, but not mine", () => {
    expect(matchesConversation(conversation(), ME, 'dela')).toBe(true);
    expect(matchesConversation(conversation(), ME, 'JUAN DELA')).toBe(true);
    expect(matchesConversation(conversation(), ME, 'Maricel')).toBe(false);
  });
  it('matches the last message', () => {
    expect(matchesConversation(conversation(), ME, 'outpost')).toBe(true);
    expect(matchesConversation(conversation(), ME, 'radio')).toBe(false);
  });
  it('a blank search matches everything', () => {
    expect(matchesConversation(conversation(), ME, '   ')).toBe(true);
    expect(matchesUser(juan, '')).toBe(true);
  });
  it('the recipient search matches the first or the last name', () => {
    expect(matchesUser(juan, 'ju')).toBe(true);
    expect(matchesUser(juan, 'cruz')).toBe(true);
    expect(matchesUser(juan, 'juan dela')).toBe(true);
    expect(matchesUser(juan, 'maria')).toBe(false);
  });
});

describe('status text', () => {
  it('is Online while online', () => {
    expect(statusText({ ...juan, isOnline: true, lastActive: '2026-03-01T00:00:00.000Z' }, NOW, TZ)).toBe('Online');
  });
  it('is Last seen with the date when offline', () => {
    expect(statusText({ ...juan, lastActive: '2026-03-10T01:05:00.000Z' }, NOW, TZ)).toBe('Last seen today at 9:05 AM');
    expect(statusText({ ...juan, lastActive: '2026-03-09T12:00:00.000Z' }, NOW, TZ)).toBe('Last seen yesterday at 8:00 PM');
    expect(statusText({ ...juan, lastActive: '2026-02-01T04:00:00.000Z' }, NOW, TZ)).toBe('Last seen Feb 1, 2026');
  });
  it('is the user type when nothing is known', () => {
    expect(statusText(juan, NOW, TZ)).toBe('Tanod');
    expect(statusText({ ...juan, userType: 'admin' }, NOW, TZ)).toBe('Admin');
  });
});

describe('temporary → saved conversation', () => {
  it('picking someone without a conversation opens a temporary one with a temporary id', () => {
    const temp = conversationFor([], juan, ME, NOW);
    expect(isTemporary(temp)).toBe(true);
    expect(temp._id).toMatch(/^temp-/);
    expect(temp.participants).toEqual([juan]);
    expect(temp.lastMessage).toBeNull();
  });
  it('picking someone I already talk to opens that saved conversation', () => {
    const existing = conversation();
    expect(conversationFor([existing], juan, ME, NOW)).toBe(existing);
  });
  it('two temporary conversations get different ids', () => {
    expect(temporaryConversation(juan, NOW, () => 0.1)._id).not.toBe(temporaryConversation(juan, NOW, () => 0.2)._id);
  });
  it("the server's conversation replaces the temporary one and is saved", () => {
    const temp = temporaryConversation(juan, NOW);
    const saved = savedConversation(temp, conversation({ _id: 'c9', lastMessage: null, lastMessageSender: null }));
    expect(saved._id).toBe('c9');
    expect(isTemporary(saved)).toBe(false);
    expect(saved.participants).toHaveLength(2);
  });
  it('keeps the known participant when the server sends none', () => {
    const temp = temporaryConversation(juan, NOW);
    expect(savedConversation(temp, conversation({ _id: 'c9', participants: [] })).participants).toEqual([juan]);
  });
});

describe('tick state', () => {
  it('my unread message has one tick; read, two; theirs, none', () => {
    expect(tickState(message('a', ME, '2026-03-10T01:00:00.000Z'), ME)).toBe('sent');
    expect(tickState(message('a', ME, '2026-03-10T01:00:00.000Z', true), ME)).toBe('read');
    expect(tickState(message('a', juan._id, '2026-03-10T01:00:00.000Z'), ME)).toBe('none');
  });
  it('a read receipt turns my messages up to its time read, not later ones', () => {
    const list = [
      message('a', ME, '2026-03-10T01:00:00.000Z'),
      message('b', juan._id, '2026-03-10T01:01:00.000Z'),
      message('c', ME, '2026-03-10T01:05:00.000Z'),
    ];
    const next = applyReadReceipt(list, ME, juan._id, '2026-03-10T01:02:00.000Z');
    expect(next.map((m) => tickState(m, ME))).toEqual(['read', 'none', 'sent']);
  });
  it('my own read receipt (another tab of mine) changes nothing', () => {
    const list = [message('a', ME, '2026-03-10T01:00:00.000Z')];
    expect(applyReadReceipt(list, ME, ME, '2026-03-10T02:00:00.000Z')).toBe(list);
  });
  it('merging keeps one copy per id, oldest first', () => {
    const merged = mergeMessages(
      [message('b', ME, '2026-03-10T01:05:00.000Z'), message('a', ME, '2026-03-10T01:00:00.000Z')],
      [message('b', ME, '2026-03-10T01:05:00.000Z', true), message('c', juan._id, '2026-03-10T01:06:00.000Z')],
    );
    expect(merged.map((m) => `${m._id}${m.read ? '!' : ''}`)).toEqual(['a', 'b!', 'c']);
  });
});

describe('constants', () => {
  it('follow the shared limits', () => {
    expect(TYPING_VISIBLE_MS).toBe(MESSAGE_LIMITS.typingIndicatorMs);
    expect(POLL_MS).toBe(MESSAGE_LIMITS.pollingFallbackMs);
    expect(CONTENT_MAX_LENGTH).toBe(MESSAGE_LIMITS.contentMaxLength);
    expect(1000 / TYPING_THROTTLE_MS).toBeLessThan(MESSAGE_LIMITS.typingPerSecond);
    expect(TYPING_THROTTLE_MS).toBeLessThan(TYPING_VISIBLE_MS);
  });
});
