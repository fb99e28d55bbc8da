import { BlockList, isIP, type Server, type Socket } from 'node:net';

import type { TrustProxy } from './config';

/** proxy-addr's named ranges, as TRUST_PROXY accepts them. */
const PRESETS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d; the lists hold it as a.b.c.d. */
const plain = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/** Whether a socket peer is one of TRUST_PROXY's proxies (addresses, networks, named ranges). */
export function trustedPeers(trust: TrustProxy): (address: string) => boolean {
  if (!trust) return () => false;
  const list = new BlockList();
  for (const entry of trust.flatMap((item) => PRESETS[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const peer = plain(address);
    return list.check(peer, isIP(peer) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * At most `max` open connections from one client address (issue 15): the one over the cap is
 * closed at once, before it can send anything. A trusted proxy's connections carry many clients
 * and are not counted; behind one, its own limits are what bound a single client.
 */
export function limitConnectionsPerAddress(server: Server, max: number, trust: TrustProxy): void {
  if (max <= 0) return;
  const isProxy = trustedPeers(trust);
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
