import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dispatchRealtimeOpen } from './realtime-events.ts';
import { useRealtimeResync } from './useRealtimeEvent.ts';

describe('useRealtimeResync', () => {
  it('reads again after a reconnection, and at the first opening only when asked to', () => {
    const calls: string[] = [];
    const always = renderHook(() => useRealtimeResync(() => calls.push('first too'), { firstOpen: true }));
    const after = renderHook(() => useRealtimeResync(() => calls.push('reopen only'), { firstOpen: false }));

    dispatchRealtimeOpen({ reopened: false });
    expect(calls).toEqual(['first too']);
    dispatchRealtimeOpen({ reopened: true });
    expect(calls).toEqual(['first too', 'first too', 'reopen only']);

    // Unmounted views hear nothing more.
    always.unmount();
    after.unmount();
    dispatchRealtimeOpen({ reopened: true });
    expect(calls).toHaveLength(3);
  });
});
