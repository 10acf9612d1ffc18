import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationCategory, type Notification } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, type TestContext } from '../../../test/harness.ts';
import { createArea, createSchedule, person, type Person } from '../../../test/patrols.ts';
import { readSentMail } from '../../../test/security-helpers.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { scheduleRemindersJob } from '../schedules/schedule-reminders.job.ts';

/**
 * What the server sends to staff and residents beyond the incident texts (texts-in-filipino.test.ts)
 * is written in the recipient's account language, else English (decision 029): a schedule's
 * notifications with Filipino day and month names, and the password-reset email. The English
 * reads as before (schedules.test.ts, password-reset.test.ts).
 */

// 08:00 in Manila on Monday 1 June 2026.
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
const silent = { error: (message: string) => expect.fail(message) };

let ctx: TestContext;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { SESSION_TTL_HOURS: '2160', PUBLIC_URL: 'https://bantay.example.ph/' } });
  admin = await person(ctx, 'admin');
});

afterAll(async () => {
  await ctx?.close();
});

async function messagesOf(who: Person): Promise<string[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who.token) });
  return response.json<Notification[]>().map((item) => item.message);
}

describe('schedule notifications', () => {
  it('a tanod whose language is Filipino is told of a new schedule and reminded of it in Filipino; an English one in English', async () => {
    const area = await createArea(ctx, admin);
    const filTanod = await person(ctx, 'tanod', { language: 'fil' });
    const enTanod = await person(ctx, 'tanod');
    // 06:00–18:00 in Manila on Wednesday 10 June.
    const [schedule] = await createSchedule(ctx, admin, {
      shift: 'day',
      startsAt: '2026-06-09T23:30:00Z',
      patrolAreaId: area._id,
      members: [
        { tanodId: filTanod.id, isLeader: true },
        { tanodId: enTanod.id, isLeader: false },
      ],
    });
    const code = schedule!.code;
    expect(await messagesOf(filTanod)).toEqual([`Naidagdag ka sa iskedyul ng ronda ${code} (${area.name}, Miy 10 Hun 06:00–18:00)`]);
    expect(await messagesOf(enTanod)).toEqual([`You were added to patrol schedule ${code} (${area.name}, Wed 10 Jun 06:00–18:00)`]);
    // The panel's Schedules chip holds the Filipino too.
    expect(notificationCategory((await messagesOf(filTanod))[0]!)).toBe('schedules');

    try {
      clock.set(new Date('2026-06-10T05:31:00+08:00'));
      await runJob(ctx.deps, scheduleRemindersJob, silent);
      expect((await messagesOf(filTanod))[0]).toBe(`Paalala: malapit nang magsimula ang iskedyul ng ronda mo na ${code} sa ${area.name} (Miy 10 Hun 06:00–18:00)`);
      expect((await messagesOf(enTanod))[0]).toBe(`Reminder: your patrol schedule ${code} in ${area.name} starts soon (Wed 10 Jun 06:00–18:00)`);
    } finally {
      clock.set(new Date('2026-06-01T00:00:00Z'));
    }
  });
});

describe('the password-reset email', () => {
  const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const lastMailTo = async (email: string) => (await readSentMail(ctx)).filter((mail) => mail.to === email).at(-1);

  it('an account whose language is Filipino gets it in Filipino (the sent log under DATA_DIR); an English one in English', async () => {
    const filTanod = await createUser(ctx, { language: 'fil', firstName: 'Juan' });
    expect((await forgot(filTanod.email!)).statusCode).toBe(200);
    const fil = await lastMailTo(filTanod.email!);
    expect(fil?.subject).toBe('I-reset ang password mo sa Bantay');
    expect(fil?.text).toMatch(
      new RegExp(
        `^Kumusta Juan,\\n\\nMay humiling \\(sana ikaw\\) na i-reset ang password ng Bantay account mo \\(${filTanod.username}\\)\\.\\n` +
          'Buksan ang link na ito sa loob ng 1 oras para pumili ng bagong password\\. Isang beses lang ito gagana:\\n\\n' +
          'https://bantay\\.example\\.ph/reset-password/[A-Za-z0-9_-]{43}\\n\\n' +
          'Kung hindi ikaw ang humiling nito, huwag pansinin ang email na ito: hindi magbabago ang password mo\\.\\n$',
      ),
    );

    const enTanod = await createUser(ctx, { firstName: 'Ana' });
    expect((await forgot(enTanod.email!)).statusCode).toBe(200);
    const en = await lastMailTo(enTanod.email!);
    expect(en?.subject).toBe('Reset your Bantay password');
    expect(en?.text).toMatch(
      new RegExp(
        `^Hello Ana,\\n\\nSomeone \\(hopefully you\\) asked to reset the password of your Bantay account \\(${enTanod.username}\\)\\.\\n` +
          'Open this link within 1 hour to choose a new password\\. It works once:\\n\\n' +
          'https://bantay\\.example\\.ph/reset-password/[A-Za-z0-9_-]{43}\\n\\n' +
          'If you did not ask for this, ignore this email: your password stays as it is\\.\\n$',
      ),
    );
  });
});
