/**
 * Which socket peers TRUST_PROXY names as proxies (config.ts): addresses, CIDR networks and
 * proxy-addr's named ranges. Request ids (request-id.ts) and the per-address connection cap
 * (connection-limits.ts) both ask it.
 */
import { BlockList, isIPv4 } from 'node:net';

import type { TrustProxy } from './config';

/** proxy-addr's named ranges, as TRUST_PROXY takes them (config.ts). */
const PRESETS: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether a socket peer is one of the proxies TRUST_PROXY names. */
export function trustedPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const preset = PRESETS[entry];
    if (preset) {
      for (const [network, prefix, type] of preset) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4') || list.check(address, 'ipv6');
    return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}
