import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  countMessagesOf,
  findConversationByPair,
  insertConversationIfAbsent,
  insertMessage,
  markConversationReadFor,
} from '../messages/messages.repository.ts';
import { findUserByUsername } from '../users/users.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface DemoLine {
  /** Index into the pair: 0 the first username, 1 the second. */
  from: 0 | 1;
  /** How long ago it was sent. */
  ago: number;
  text: string;
}

interface DemoConversation {
  pair: [string, string];
  lines: DemoLine[];
  /** How many of the last lines the recipient has not read yet (0: all read). */
  unreadTail: number;
}

// Taglish as the tanods write it, spread over the last few days (Today, Yesterday, weekdays).
export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    pair: ['tanod1', 'admin'],
    unreadTail: 2,
    lines: [
      { from: 1, ago: 3 * DAY + 2 * HOUR, text: 'Juan, pakicheck ang CCTV sa may Mabini St. Parang offline daw since kagabi.' },
      { from: 0, ago: 3 * DAY + HOUR, text: 'Opo sir, pupuntahan ko po after ng patrol namin sa Zone 2.' },
      { from: 0, ago: 3 * DAY + 20 * MINUTE, text: 'Sir, naka-unplug lang po pala. Okay na po, recording na ulit.' },
      { from: 1, ago: 3 * DAY + 10 * MINUTE, text: 'Salamat! 👍' },
      { from: 1, ago: DAY + 3 * HOUR, text: 'Reminder: may barangay assembly sa Sunday, 9 AM. Kayo ng team mo ang bahala sa parking.' },
      { from: 0, ago: DAY + 2 * HOUR, text: 'Noted po sir. Kumpleto po kami, lima kami sa Sunday.' },
      { from: 1, ago: 40 * MINUTE, text: 'Juan, may report ng nag-aaway sa covered court. Pakitingnan mo muna bago ka mag-log out.' },
      { from: 1, ago: 35 * MINUTE, text: 'Isama mo si Maricel kung nandiyan pa siya.' },
    ],
  },
  {
    pair: ['tanod1', 'tanod2'],
    unreadTail: 1,
    lines: [
      { from: 1, ago: 2 * DAY + 5 * HOUR, text: 'Kuya Juan, pwede ba tayong magpalit ng shift sa Sabado? May lakad kasi ako sa umaga.' },
      { from: 0, ago: 2 * DAY + 4 * HOUR, text: 'Sige, ako na sa day shift. Ikaw na lang sa night, okay lang?' },
      { from: 1, ago: 2 * DAY + 4 * HOUR - 5 * MINUTE, text: 'Okay na okay! Salamat kuya 🙏 Sasabihan ko si sir.' },
      { from: 0, ago: 5 * HOUR, text: 'Maricel, dala mo ba yung radio kahapon? Hindi ko mahanap sa locker.' },
      { from: 1, ago: 4 * HOUR, text: 'Ay oo, nasa akin pa. Ibabalik ko mamaya pagdaan ko sa hall.' },
      { from: 0, ago: 10 * MINUTE, text: 'Sige, salamat. Ingat sa patrol!' },
    ],
  },
  {
    pair: ['tanod3', 'admin'],
    unreadTail: 1,
    lines: [
      { from: 0, ago: 4 * DAY + 6 * HOUR, text: 'Sir, good morning po. Pwede po ba akong humiram ng flashlight para sa night patrol?' },
      { from: 1, ago: 4 * DAY + 5 * HOUR, text: 'Oo Andres, kunin mo na lang sa Resources. Ibalik mo bukas ng umaga ha.' },
      { from: 0, ago: 4 * DAY + 5 * HOUR - 10 * MINUTE, text: 'Opo sir, salamat po.' },
      { from: 0, ago: 2 * HOUR, text: 'Sir, late po ako ng mga 15 minutes, na-flat po yung gulong ng motor ko.' },
    ],
  },
];

/**
 * A few conversations between the demo staff, some with unread messages. Idempotent:
 * a pair whose conversation already holds messages is left alone.
 */
export async function seedDemoMessages(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const demo of DEMO_CONVERSATIONS) {
    const [first, second] = await Promise.all(demo.pair.map((username) => findUserByUsername(deps.db, username)));
    if (!first || !second) continue;
    const ids = [first.id, second.id] as const;
    const existing = await findConversationByPair(deps.db, first.id, second.id);
    if (existing && (await countMessagesOf(deps.db, existing.id)) > 0) continue;

    await inTransaction(deps.db, async (tx) => {
      const oldest = new Date(now - Math.max(...demo.lines.map((l) => l.ago)) - MINUTE);
      const conversation = existing ?? (await insertConversationIfAbsent(tx, first.id, second.id, oldest));
      if (!conversation) return;
      const readUpTo = demo.lines.length - demo.unreadTail;
      for (const [index, line] of demo.lines.entries()) {
        await insertMessage(tx, { conversationId: conversation.id, senderId: ids[line.from], content: line.text, createdAt: new Date(now - line.ago) });
        // Both have read everything up to the unread tail (the sender of the tail has read it all).
        if (index === readUpTo - 1) {
          const at = new Date(now - line.ago + MINUTE);
          for (const id of ids) await markConversationReadFor(tx, conversation.id, id, at);
        }
      }
      const tailSender = demo.lines.at(-1)!.from;
      await markConversationReadFor(tx, conversation.id, ids[tailSender], new Date(now - demo.lines.at(-1)!.ago));
    });
  }
}
