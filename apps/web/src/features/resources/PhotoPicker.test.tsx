import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@/lib/api-client.ts';
import { usePendingPhoto } from './PhotoPicker.tsx';


const saved = { _id: 'item-1', name: 'Flashlight' };
const photo = new File([new Uint8Array([1, 2, 3])], 'torch.png', { type: 'image/png' });

describe('usePendingPhoto', () => {
  it('uploads nothing when no photo was chosen', async () => {
    const { result } = renderHook(() => usePendingPhoto());
    const upload = vi.fn();
    const refresh = vi.fn();
    expect(await result.current.uploadFor(saved, upload, refresh)).toBe(true);
    expect(upload).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('uploads the chosen photo for the saved record, then refreshes the lists', async () => {
    const { result } = renderHook(() => usePendingPhoto());
    act(() => result.current.pickerProps.onChange(photo));
    const upload = vi.fn().mockResolvedValue(undefined);
    const refresh = vi.fn().mockResolvedValue(undefined);
    let uploaded = false;
    await act(async () => {
      uploaded = await result.current.uploadFor(saved, upload, refresh);
    });
    expect(uploaded).toBe(true);
    expect(upload).toHaveBeenCalledWith('item-1', photo);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal beside the picker and keeps the dialog open; a new choice clears it", async () => {
    const { result } = renderHook(() => usePendingPhoto());
    act(() => result.current.pickerProps.onChange(photo));
    const upload = vi.fn().mockRejectedValue(new ApiError(413, 'PAYLOAD_TOO_LARGE' as never, 'Too large'));
    const refresh = vi.fn();
    let uploaded = true;
    await act(async () => {
      uploaded = await result.current.uploadFor(saved, upload, refresh);
    });
    expect(uploaded).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
    expect(result.current.pickerProps.error).toBe('The photo is larger than 5 MB. Choose a smaller one.');

    act(() => result.current.pickerProps.onChange(null));
    expect(result.current.pickerProps.error).toBeNull();
    expect(result.current.file).toBeNull();
  });
});
