import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_KIND_LABELS, MUTABLE_ALERT_KINDS, type AlertPreferences, type MutableAlertKind } from '@bantay/shared';
import { AlertPreferencesForm } from './AlertPreferencesForm.tsx';
import { installFakeBrowser, requestsTo, uninstallFakeBrowser } from './push-test-browser.ts';
import { renderWithQueries } from '@/test/render.tsx';

const STAFF_KINDS = MUTABLE_ALERT_KINDS.filter((kind) => kind !== 'ticket');

function show(preferences: AlertPreferences, kinds: readonly MutableAlertKind[] = STAFF_KINDS, showsEmergencies = true) {
  installFakeBrowser({ preferences });
  renderWithQueries(<AlertPreferencesForm kinds={kinds} showsEmergencies={showsEmergencies} />);
  return userEvent.setup();
}

const kindSwitch = (kind: MutableAlertKind) => screen.getByRole('switch', { name: ALERT_KIND_LABELS[kind] }) as HTMLInputElement;
const saved = () => requestsTo('PUT', '/api/push/preferences').map((request) => request.body);

afterEach(() => {
  uninstallFakeBrowser();
});

describe('the alert preferences form', () => {
  it('shows the saved settings: muted kinds off, quiet hours off by default, emergencies always on', async () => {
    show({ mutedKinds: ['chat'], quietHours: null });
    await screen.findByRole('button', { name: 'Save alert settings' });
    expect(kindSwitch('chat').checked).toBe(false);
    expect(kindSwitch('incident').checked).toBe(true);
    expect(screen.queryByRole('switch', { name: ALERT_KIND_LABELS.ticket })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Quiet hours' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('From')).toBeNull();
    expect(screen.getByTestId('emergencies-note').textContent).toMatch(/Emergencies and escalations always come through/);
  });

  it('saves a muted kind and a quiet-hours window past midnight', async () => {
    const user = show({ mutedKinds: [], quietHours: null });
    await screen.findByRole('button', { name: 'Save alert settings' });
    await user.click(kindSwitch('schedule'));
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    // Off by default, then a night: 22:00 to 06:00 until changed.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('22:00');
    expect((screen.getByLabelText('Until') as HTMLInputElement).value).toBe('06:00');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '21:30');
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(saved()).toEqual([{ mutedKinds: ['schedule'], quietHours: { start: '21:30', end: '06:00' } }]));
  });

  it('refuses quiet hours that end when they start, next to the field, without saving', async () => {
    const user = show({ mutedKinds: [], quietHours: { start: '22:00', end: '06:00' } });
    await screen.findByRole('button', { name: 'Save alert settings' });
    await user.clear(screen.getByLabelText('Until'));
    await user.type(screen.getByLabelText('Until'), '22:00');
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The end must differ from the start');
    expect(screen.getByLabelText('Until').getAttribute('aria-invalid')).toBe('true');
    expect(saved()).toEqual([]);
  });

  it('turning quiet hours off saves null, and turning a kind back on unmutes it', async () => {
    const user = show({ mutedKinds: ['chat', 'other'], quietHours: { start: '23:00', end: '05:00' } });
    await screen.findByRole('button', { name: 'Save alert settings' });
    await user.click(kindSwitch('chat'));
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(saved()).toEqual([{ mutedKinds: ['other'], quietHours: null }]));
  });

  it('for a resident: no kind switches nor emergency note, and kinds it does not show keep their setting', async () => {
    const user = show({ mutedKinds: ['chat'], quietHours: null }, [], false);
    await screen.findByRole('button', { name: 'Save alert settings' });
    expect(screen.queryByRole('switch', { name: ALERT_KIND_LABELS.incident })).toBeNull();
    expect(screen.queryByTestId('emergencies-note')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(saved()).toEqual([{ mutedKinds: ['chat'], quietHours: { start: '22:00', end: '06:00' } }]));
  });
});
