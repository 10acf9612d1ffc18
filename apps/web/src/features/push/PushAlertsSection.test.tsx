import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PushAlertsSection from './PushAlertsSection.tsx';
import { derivePushState } from './use-push-alerts.ts';
import { browser, installFakeBrowser, PUBLIC_KEY, requestsTo, uninstallFakeBrowser, type FakeBrowserOptions } from './push-test-browser.ts';
import { renderWithQueries } from '@/test/render.tsx';
import { api } from '@/lib/api-client.ts';
import { resumePushAlerts } from '@/lib/push-record.ts';

const USER_ID = 'u-tanod-1';
/** A session token as the server issues it: the app reads the user's id from its payload. */
const token = (id: string) => `x.${btoa(JSON.stringify({ id })).replace(/=+$/, '')}.y`;

function signIn(id = USER_ID) {
  localStorage.setItem('token', token(id));
  localStorage.setItem('userType', 'tanod');
}

function show(options: FakeBrowserOptions = {}) {
  installFakeBrowser(options);
  renderWithQueries(<PushAlertsSection audience="staff" />);
  return userEvent.setup();
}

const state = () => screen.getByTestId('push-state');
const settled = async (status: string) => waitFor(() => expect(state().dataset.state).toBe(status));

beforeEach(() => signIn());
afterEach(() => {
  uninstallFakeBrowser();
});

describe('push alerts on this device', () => {
  it('turns on from the click: asks, subscribes with the server key, registers, and reads as on', async () => {
    const user = show();
    await settled('off');
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn on alerts' }));
    await settled('on');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    const key = new Uint8Array(options.applicationServerKey as Uint8Array);
    expect(btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(PUBLIC_KEY);
    expect(requestsTo('POST', '/api/push/subscriptions').map((request) => request.body)).toEqual([browser.subscription!.toJSON()]);
    expect(state().textContent).toContain('On.');
    // This device is not among "the other devices".
    expect(screen.getByText(/^None\./)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('pushSubscription')!)).toEqual({ userId: USER_ID, id: 'sub-1', bound: true });
  });

  it('turns off: removes the subscription on the server, then in the browser', async () => {
    localStorage.setItem('pushSubscription', JSON.stringify({ userId: USER_ID, id: 'sub-9' }));
    const user = show({
      permission: 'granted',
      hasSubscription: true,
      serverSubscriptions: [{ _id: 'sub-9', service: 'https://push.example.net', userAgent: 'Chrome/140 Android', createdAt: '2026-05-01T00:00:00Z' }],
    });
    await settled('on');
    const subscription = browser.subscription!;
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await settled('off');
    expect(requestsTo('DELETE', '/api/push/subscriptions/sub-9')).toHaveLength(1);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('pushSubscription')).toBeNull();
  });

  it('stays on when the server cannot be told, and says so', async () => {
    localStorage.setItem('pushSubscription', JSON.stringify({ userId: USER_ID, id: 'sub-9' }));
    const user = show({
      permission: 'granted',
      hasSubscription: true,
      serverSubscriptions: [{ _id: 'sub-9', service: 'https://push.example.net', userAgent: null, createdAt: '2026-05-01T00:00:00Z' }],
    });
    await settled('on');
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (...args) => {
      if (String(args[0]).includes('/api/push/subscriptions/')) throw new TypeError('Failed to fetch');
      return realFetch(...args);
    };
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Cannot reach the server/);
    expect(state().dataset.state).toBe('on');
    expect(browser.subscription!.unsubscribe).not.toHaveBeenCalled();
  });

  it('a closed question leaves alerts off and says how to answer it', async () => {
    const user = show({ answer: 'default' });
    await settled('off');
    await user.click(screen.getByRole('button', { name: 'Turn on alerts' }));
    expect(await screen.findByText(/question was closed without an answer/)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(requestsTo('POST', '/api/push/subscriptions')).toHaveLength(0);
  });

  it('a refusal shows the blocked state with the steps to allow them again', async () => {
    const user = show({ answer: 'denied' });
    await settled('off');
    await user.click(screen.getByRole('button', { name: 'Turn on alerts' }));
    await settled('blocked');
    expect(state().textContent).toContain('Blocked by the browser.');
    expect(screen.getByText('To allow them again:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on alerts' })).toBeNull();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('already blocked: no button, the steps, and Check again sees an unblock', async () => {
    const user = show({ permission: 'denied' });
    await settled('blocked');
    browser.permission = 'default';
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await settled('off');
  });

  it('a subscription the server never took is undone, and the error shown', async () => {
    const user = show();
    browser.failNextSave = 500;
    await settled('off');
    await user.click(screen.getByRole('button', { name: 'Turn on alerts' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be turned on/);
    expect(browser.subscription).toBeNull();
    expect(state().dataset.state).toBe('off');
  });

  it('on a shared phone, another person’s subscription does not read as mine', async () => {
    localStorage.setItem('pushSubscription', JSON.stringify({ userId: 'someone-else', id: 'sub-3' }));
    show({ permission: 'granted', hasSubscription: true });
    await settled('off');
  });

  it('a subscription removed from another device reads as off', async () => {
    localStorage.setItem('pushSubscription', JSON.stringify({ userId: USER_ID, id: 'sub-gone' }));
    show({ permission: 'granted', hasSubscription: true, serverSubscriptions: [] });
    await settled('off');
  });

  it('lists my other devices and removes one after asking', async () => {
    const user = show({
      serverSubscriptions: [
        {
          _id: 'sub-phone',
          service: 'https://fcm.googleapis.com',
          userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
          createdAt: '2026-04-30T01:00:00Z',
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Other devices with alerts' });
    expect(within(list).getByText('Chrome on Android')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Remove Chrome on Android' }));
    expect(requestsTo('DELETE', '/api/push/subscriptions/sub-phone')).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Other devices with alerts' })).toBeNull());
    expect(requestsTo('DELETE', '/api/push/subscriptions/sub-phone')).toHaveLength(1);
  });

  it('says so instead of failing where the browser has no push', async () => {
    show({ hasPush: false });
    await settled('unsupported');
    expect(state().textContent).toMatch(/cannot show alerts while Bantay is closed/);
    expect(screen.queryByRole('button', { name: 'Turn on alerts' })).toBeNull();
    // The settings still apply to the person's other devices.
    expect(await screen.findByRole('button', { name: 'Save alert settings' })).toBeTruthy();
  });

  it('says so on an address without https', async () => {
    show({ secure: false });
    await settled('unsupported');
    expect(state().textContent).toMatch(/without https/);
  });
});

describe('when the session that turned alerts on ends elsewhere', () => {
  it('any 401 unsubscribes this browser; the same person’s next sign-in here turns alerts on again without asking, someone else’s does not', async () => {
    installFakeBrowser({ permission: 'granted', hasSubscription: true });
    localStorage.setItem('pushSubscription', JSON.stringify({ userId: USER_ID, id: 'sub-9', bound: true }));
    const held = browser.subscription!;
    await expect(api('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(held.unsubscribe).toHaveBeenCalledTimes(1));
    expect(JSON.parse(localStorage.getItem('pushSubscription')!)).toEqual({ userId: USER_ID, resume: true });

    resumePushAlerts('u-someone-else', token('u-someone-else'));
    signIn();
    resumePushAlerts(USER_ID, token(USER_ID));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('pushSubscription')!)).toEqual({ userId: USER_ID, id: 'sub-1', bound: true }));
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(requestsTo('POST', '/api/push/subscriptions').map((request) => request.body)).toEqual([browser.subscription!.toJSON()]);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });
});

describe('derivePushState', () => {
  const granted = { permission: 'granted' as const, hasSubscription: true };
  it('is on only when the browser, this device’s record and the server agree', () => {
    expect(derivePushState({ unsupported: null, browser: granted, storedId: 's1', serverIds: ['s1'] })).toEqual({ status: 'on', subscriptionId: 's1' });
    expect(derivePushState({ unsupported: null, browser: granted, storedId: 's1', serverIds: ['s2'] }).status).toBe('off');
    expect(derivePushState({ unsupported: null, browser: granted, storedId: null, serverIds: ['s1'] }).status).toBe('off');
    expect(derivePushState({ unsupported: null, browser: { ...granted, hasSubscription: false }, storedId: 's1', serverIds: ['s1'] }).status).toBe('off');
  });
  it('waits for the browser and the list, and trusts the browser when the list fails', () => {
    expect(derivePushState({ unsupported: null, browser: null, storedId: 's1', serverIds: ['s1'] }).status).toBe('checking');
    expect(derivePushState({ unsupported: null, browser: granted, storedId: 's1', serverIds: 'loading' }).status).toBe('checking');
    expect(derivePushState({ unsupported: null, browser: granted, storedId: 's1', serverIds: 'unknown' }).status).toBe('on');
  });
  it('puts unsupported and blocked before anything else', () => {
    expect(derivePushState({ unsupported: 'no-push', browser: granted, storedId: 's1', serverIds: ['s1'] }).status).toBe('unsupported');
    expect(derivePushState({ unsupported: null, browser: { permission: 'denied', hasSubscription: true }, storedId: 's1', serverIds: ['s1'] }).status).toBe('blocked');
  });
});
