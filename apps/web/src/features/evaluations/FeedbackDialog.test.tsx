import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithI18n } from '@/test/render.tsx';
import userEvent from '@testing-library/user-event';
import type { PublicTanod } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { rateTanod, rateTicket } from './evaluations-api.ts';

// jsdom has no CSS.escape, which user-event needs to walk a radio group with the arrow keys.
if (!globalThis.CSS?.escape) {
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) });
}

vi.mock('./evaluations-api.ts', () => ({ rateTanod: vi.fn(), rateTicket: vi.fn() }));

const tanod: PublicTanod = {
  _id: '5c1d6a3e-8f7b-4d2a-9e1c-1f2a3b4c5d6e',
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  profilePicture: null,
  averageRating: 4.5,
  ratingCount: 2,
  recentComments: [],
};

beforeEach(() => {
  vi.mocked(rateTanod).mockReset();
  vi.mocked(rateTicket).mockReset();
});

function open(props: Partial<Parameters<typeof FeedbackDialog>[0]> = {}) {
  const onRated = vi.fn();
  const onClose = vi.fn();
  renderWithI18n(<FeedbackDialog target={{ kind: 'tanod', tanod }} onClose={onClose} onRated={onRated} {...props} />);
  return { onRated, onClose, user: userEvent.setup() };
}

describe('the feedback dialog', () => {
  it('opens on the rating group; Tab enters the stars and the arrow keys choose how many', async () => {
    const { user } = open();
    expect(screen.getByRole('dialog', { name: 'Rate Juan Dela Cruz' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: /Your rating/ }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star, Poor' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect((screen.getByRole('radio', { name: '4 stars, Very good' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sending an empty form names the stars and the comment next to them, and sends nothing', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Choose 1 to 5 stars')).toBeTruthy();
    // Focus goes to the first field to fix, the stars' group.
    expect(document.activeElement).toBe(screen.getByRole('group', { name: /Your rating/ }));
    const comment = screen.getByRole('textbox', { name: /Your comment/ });
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(comment.getAttribute('aria-describedby')).toContain(screen.getByText('Write a comment').id);
    expect(rateTanod).not.toHaveBeenCalled();
  });

  it('counts the comment against 500 characters', async () => {
    const { user } = open();
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), 'Salamat po');
    expect(screen.getByText('10 / 500')).toBeTruthy();
  });

  it('sends stars, comment and name, then thanks the rater', async () => {
    vi.mocked(rateTanod).mockResolvedValue({ _id: 'e1' });
    const { user, onRated } = open({ defaultName: 'Lorna Ramos' });
    await user.click(screen.getByRole('radio', { name: '5 stars, Excellent' }));
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), '  Mabait at mabilis  ');
    expect((screen.getByRole('textbox', { name: /Your name/ }) as HTMLInputElement).value).toBe('Lorna Ramos');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeTruthy();
    expect(rateTanod).toHaveBeenCalledWith(tanod._id, { rating: 5, comment: '  Mabait at mabilis  ', name: 'Lorna Ramos', anonymous: false });
    expect(onRated).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' })));
  });

  it('anonymous hides the name field and sends anonymous', async () => {
    vi.mocked(rateTanod).mockResolvedValue({ _id: 'e1' });
    const { user } = open({ defaultName: 'Lorna Ramos' });
    await user.click(screen.getByRole('radio', { name: 'Anonymous' }));
    expect(screen.queryByRole('textbox', { name: /Your name/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: '3 stars, Good' }));
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), 'Okay lang');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    await screen.findByText('Thank you for your feedback!');
    expect(vi.mocked(rateTanod).mock.calls[0]![1]).toMatchObject({ anonymous: true });
  });

  it("shows the server's refusal when this phone already rated the tanod, and offers only the way back", async () => {
    const message = 'You already rated Juan in the last 30 days. Thank you for your feedback!';
    vi.mocked(rateTanod).mockRejectedValue(new ApiError(409, 'CONFLICT', message));
    const { user, onRated } = open();
    await user.click(screen.getByRole('radio', { name: '4 stars, Very good' }));
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), 'Again');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeTruthy();
    expect(onRated).not.toHaveBeenCalled();
  });

  it("puts the server's field errors next to the field", async () => {
    vi.mocked(rateTanod).mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'comment', message: 'The comment must be at most 500 characters' }]));
    const { user } = open();
    await user.click(screen.getByRole('radio', { name: '4 stars, Very good' }));
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('The comment must be at most 500 characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send rating' })).toBeTruthy();
  });

  it('a ticket rating sends to the ticket, without a name choice', async () => {
    vi.mocked(rateTicket).mockResolvedValue({ _id: 'e2' });
    const user = userEvent.setup();
    renderWithI18n(<FeedbackDialog target={{ kind: 'ticket', ticket: 'IR-4BZN-6TDE', responderFirstName: 'Juan' }} onClose={vi.fn()} onRated={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Rate Juan' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Anonymous' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: '5 stars, Excellent' }));
    await user.type(screen.getByRole('textbox', { name: /Your comment/ }), 'Salamat');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(/for report IR-4BZN-6TDE/)).toBeTruthy();
    expect(rateTicket).toHaveBeenCalledWith('IR-4BZN-6TDE', expect.objectContaining({ rating: 5, comment: 'Salamat' }));
  });
});
