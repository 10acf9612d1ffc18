import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithI18n } from '@/test/render.tsx';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { TanodDashboard } from '@bantay/shared';
import { TanodLoansCard } from './TanodLoansCard.tsx';


const loan = (id: string, name: string, dueAt: string, isOverdue: boolean, quantity = 1) => ({
  _id: id,
  item: { _id: `item-${id}`, name, category: 'communication' as const, image: null },
  quantity,
  borrowedAt: '2026-07-10T00:00:00Z',
  dueAt,
  isOverdue,
});

function show(loans: TanodDashboard['loans'], now: number) {
  const data = { timezone: 'Asia/Manila', today: '2026-07-11', loans } as TanodDashboard;
  renderWithI18n(
    <Router hook={memoryLocation().hook}>
      <TanodLoansCard data={data} now={now} isLoading={false} isError={false} onRetry={() => undefined} />
    </Router>,
  );
  return screen.getAllByTestId('tanod-loan');
}

describe('the borrowed equipment card', () => {
  it('shows each item with its due time in Manila, and marks the overdue ones', () => {
    const now = Date.parse('2026-07-11T02:00:00Z'); // 10:00 in Manila
    const [radio, lights] = show(
      [loan('a', 'Handheld radio', '2026-07-11T01:00:00Z', true), loan('b', 'LED flashlight', '2026-07-12T10:00:00Z', false, 2)],
      now,
    );
    expect(radio!.textContent).toContain('Due Today 9:00 AM');
    expect(radio!.textContent).toContain('overdue by 1 h');
    expect(within(radio!).getByText('Overdue')).toBeTruthy();
    expect(lights!.textContent).toContain('LED flashlight × 2');
    expect(lights!.textContent).toContain('Due Tomorrow 6:00 PM · in 1 d 8 h');
    expect(within(lights!).queryByText('Overdue')).toBeNull();
  });

  it('turns a loan overdue on screen when its due time passes, before any refetch', () => {
    const [radio] = show([loan('a', 'Handheld radio', '2026-07-11T01:00:00Z', false)], Date.parse('2026-07-11T01:30:00Z'));
    expect(within(radio!).getByText('Overdue')).toBeTruthy();
  });

  it('says so when nothing is on loan', () => {
    renderWithI18n(
      <Router hook={memoryLocation().hook}>
        <TanodLoansCard data={{ timezone: 'Asia/Manila', today: '2026-07-11', loans: [] } as unknown as TanodDashboard} now={0} isLoading={false} isError={false} onRetry={() => undefined} />
      </Router>,
    );
    expect(screen.getByText('You have nothing on loan.')).toBeTruthy();
  });
});
