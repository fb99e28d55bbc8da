import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { StaffMe } from '../api';
import type { BoardOrder } from '../orders-api';
import { formatWaited, OrderCard } from './OrdersSection';

describe('the waited time on an order card', () => {
  it('shows minutes and seconds, then hours and minutes', () => {
    expect(formatWaited(0)).toBe('0:00');
    expect(formatWaited(65.9)).toBe('1:05');
    expect(formatWaited(59 * 60 + 59)).toBe('59:59');
    expect(formatWaited(3600 + 5 * 60)).toBe('1 h 05 min');
    expect(formatWaited(-3)).toBe('0:00');
  });
});

describe('an order card', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const staff: StaffMe = {
    id: 'staff-1',
    mobile: '9800000001',
    role: 'picker',
    storeId: 1,
    storeName: 'Bandra West',
    may: { editCatalogue: false, readAudit: false, advanceOrders: true, cancelOrders: false },
  };
  const order: BoardOrder = {
    id: '0b7e4a52-64a4-4f0e-9f53-2a3f3c1d8e10',
    number: 1042,
    status: 'processing',
    storeId: 1,
    storeName: 'Bandra West',
    mobile: '9876543210',
    // 01:30 on 5 March in the store, 15:00 on 4 March in New York.
    placedAt: '2026-03-04T20:00:00.000Z',
    updatedAt: '2026-03-04T20:00:00.000Z',
    waitedSeconds: 120,
    itemCount: 2,
    total: 240,
    paymentMethod: 'cod',
    cancelReason: null,
  };

  it('shows when the order was placed in the store’s time (IST), whatever the device’s zone', () => {
    vi.stubEnv('TZ', 'America/New_York');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderCard order={order} staff={staff} waited={120} fresh={false} onSeen={() => {}} onDone={() => {}} />
      </QueryClientProvider>,
    );
    const card = screen.getByRole('listitem', { name: 'Order #1042' });
    expect(card.textContent).toContain('placed 1:30 AM');
    expect(screen.getByTitle('Placed at 1:30 AM')).toBeTruthy();
  });
});
