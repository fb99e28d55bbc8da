import type { Server, Socket } from 'node:net';

import type { TrustProxy } from './config';
import { trustedPeer } from './trusted-peer';

/**
 * At most `max` open connections from one client address (issue 15): the one over the cap is
 * closed at once, before it can send anything. A trusted proxy's connections carry many clients
 * and are not counted; behind one, its own limits are what bound a single client.
 */
export function limitConnectionsPerAddress(server: Server, max: number, trust: TrustProxy): void {
  if (max <= 0) return;
  const isProxy = trustedPeer(trust);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
