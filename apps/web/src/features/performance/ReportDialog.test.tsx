import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TanodSummary } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { renderWithI18n } from '@/test/render.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { downloadPerformanceReport } from './performance-api.ts';
import { saveFile } from '@/lib/save-file.ts';

vi.mock('./performance-api.ts', () => ({ downloadPerformanceReport: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => ({ saveFile: vi.fn() }));

const tanods: TanodSummary[] = [
  { _id: '5c1d6a3e-8f7b-4d2a-9e1c-1f2a3b4c5d6e', firstName: 'Juan', lastName: 'Dela Cruz', profilePicture: null },
  { _id: '7a2b3c4d-1e2f-4a5b-8c9d-0e1f2a3b4c5d', firstName: 'Maricel', lastName: 'Reyes', profilePicture: null },
];

beforeEach(() => {
  vi.mocked(downloadPerformanceReport).mockReset();
  vi.mocked(saveFile).mockReset();
});

function open(tanodId?: string) {
  const onClose = vi.fn();
  renderWithI18n(
    <ReportDialog
      tanods={tanods}
      tanodId={tanodId}
      selection={{ period: 'month', from: '2026-10-01', to: '2026-10-31' }}
      onClose={onClose}
    />,
  );
  return { onClose, user: userEvent.setup() };
}

describe('the performance report dialog', () => {
  it('asks for the password before anything is sent, and moves there', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByText('Enter your password to make the report')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your password'));
    expect(downloadPerformanceReport).not.toHaveBeenCalled();
  });

  it('a PDF password must be typed twice the same', async () => {
    const { user } = open();
    await user.click(screen.getByLabelText('Protect the PDF with a password'));
    await user.type(screen.getByLabelText('PDF password'), 'lihim-2026');
    await user.type(screen.getByLabelText('Confirm PDF password'), 'lihim-2027');
    await user.type(screen.getByLabelText('Your password'), 'Bantay-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByText('The two PDF passwords do not match')).toBeTruthy();
    expect(downloadPerformanceReport).not.toHaveBeenCalled();
  });

  it('shows progress with the buttons disabled while the server generates, then saves the file and closes', async () => {
    let finish!: (file: { blob: Blob; fileName: string }) => void;
    vi.mocked(downloadPerformanceReport).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, onClose } = open(tanods[1]!._id);
    expect((screen.getByLabelText('Tanod') as HTMLSelectElement).value).toBe(tanods[1]!._id);
    await user.click(screen.getByLabelText(/CSV/));
    await user.type(screen.getByLabelText('Your password'), 'Bantay-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloadPerformanceReport).toHaveBeenCalledWith(
      { period: 'month', tanodId: tanods[1]!._id, format: 'csv', password: 'Bantay-demo-2026' },
      expect.any(AbortSignal),
    );
    expect(screen.getByTestId('report-progress').textContent).toMatch(/Generating the report/);
    expect((screen.getByRole('button', { name: /Generating/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    finish({ blob: new Blob(['"name"']), fileName: 'performance.csv' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'performance.csv');
  });

  it("a wrong password shows the server's message next to the field, emptied for another try", async () => {
    vi.mocked(downloadPerformanceReport).mockRejectedValue(
      new ApiError(403, 'wrong_password', 'password: Your password is incorrect', [
        { field: 'password', message: 'Your password is incorrect' },
      ]),
    );
    const { user, onClose } = open();
    await user.type(screen.getByLabelText('Your password'), 'not-mine');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('Your password is incorrect');
    expect((screen.getByLabelText('Your password') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your password')));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('any other refusal is shown above the form in the server’s words', async () => {
    vi.mocked(downloadPerformanceReport).mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Only admins make reports.'));
    const { user } = open();
    await user.type(screen.getByLabelText('Your password'), 'Bantay-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only admins make reports.');
  });
});
