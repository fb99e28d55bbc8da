import { act, render, renderHook, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { GlobalLoader } from './components/GlobalLoader';
import { useGlobalLoader } from './use-global-loader';

describe('useGlobalLoader', () => {
  it('starts hidden and full-screen, shows and hides', () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useGlobalLoader(), { wrapper });
    render(<GlobalLoader />, { wrapper });
    expect(result.current).toMatchObject({ isLoading: false, style: 'full-screen' });
    expect(screen.queryByRole('status')).toBeNull();

    act(() => result.current.show());
    expect(result.current).toMatchObject({ isLoading: true, style: 'full-screen' });
    expect(screen.getByRole('status').textContent).toBe('Please wait');

    act(() => result.current.hide());
    expect(result.current.isLoading).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
