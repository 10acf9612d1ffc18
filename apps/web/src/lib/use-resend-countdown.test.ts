import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useResendCountdown } from './use-resend-countdown.ts';

describe('the wait before a code may be sent again', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down each second from the first wait, and stops at zero', () => {
    const { result } = renderHook(() => useResendCountdown(3));
    expect(result.current.secondsLeft).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('starts with no wait, and a restart waits the seconds the server gave', () => {
    const { result } = renderHook(() => useResendCountdown());
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.restart(60));
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
  });
});
