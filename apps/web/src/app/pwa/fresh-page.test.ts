import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '@bantay/shared';
import { replacePublicSettings, usePublicSettings } from '@/lib/public-settings.ts';
import { act, renderHook } from '@testing-library/react';
import { followFreshPublicPages } from './fresh-page.ts';

// What src/sw/public-pages.ts sends when the page it served from the cache has changed on the server.
const BLOCK = (title: string) =>
  `<style>\n.bantay-advisories{margin:0}</style><section class="bantay-advisories" aria-label="Advisories" role="region"><article class="bantay-advisory bantay-advisory-danger"><h2>${title}</h2></article></section>`;

function workerContainer() {
  const target = new EventTarget();
  const postMessage = vi.fn();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(target, { controller: { postMessage } }),
  });
  return {
    postMessage,
    send: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('followFreshPublicPages', () => {
  it('asks the worker for a change found before it listened', () => {
    const worker = workerContainer();
    followFreshPublicPages();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'bantay:fresh-public-page?' });
  });

  it("swaps the landing page's advisories for the server's new ones, and removes them when there are none", () => {
    document.body.innerHTML = `${BLOCK('Old warning')}<div id="root"><p>landing</p></div>`;
    const worker = workerContainer();
    followFreshPublicPages();
    worker.send({ type: 'bantay:fresh-public-page', settings: null, advisories: BLOCK('Typhoon signal 3') });
    expect(document.querySelectorAll('section.bantay-advisories')).toHaveLength(1);
    expect(document.querySelector('section.bantay-advisories')?.textContent).toBe('Typhoon signal 3');
    expect(document.querySelectorAll('style')).toHaveLength(1);
    expect(document.querySelector('section.bantay-advisories')?.nextElementSibling?.id).toBe('root');

    worker.send({ type: 'bantay:fresh-public-page', settings: null, advisories: '' });
    expect(document.querySelector('section.bantay-advisories')).toBeNull();
    expect(document.querySelector('style')).toBeNull();
    expect(document.getElementById('root')?.textContent).toBe('landing');
  });

  it('shows the new settings (hotlines) in place', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const worker = workerContainer();
    followFreshPublicPages();
    replacePublicSettings({ name: 'Barangay Bagong Pag-asa', hotlines: [] } as unknown as PublicSettings);
    const { result } = renderHook(() => usePublicSettings());
    const settings = { name: 'Barangay Bagong Pag-asa', hotlines: [{ label: 'Tanod', number: '+639171234567' }] } as unknown as PublicSettings;
    act(() => {
      worker.send({ type: 'bantay:fresh-public-page', settings: JSON.stringify(settings), advisories: '' });
    });
    expect(result.current.data?.hotlines).toEqual(settings.hotlines);
  });

  it('ignores the other messages of the worker', () => {
    document.body.innerHTML = `${BLOCK('Kept')}<div id="root"></div>`;
    const worker = workerContainer();
    followFreshPublicPages();
    worker.send({ type: 'bantay:navigate', url: '/' });
    expect(document.querySelector('section.bantay-advisories')?.textContent).toBe('Kept');
  });
});
