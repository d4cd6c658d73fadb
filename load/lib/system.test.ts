/** The load report's count of connections the kernel dropped for a full accept queue. */
import { describe, expect, it } from 'vitest';
import { listenOverflows } from './system.ts';

// The shape of /proc/net/netstat: a header line and a value line per protocol extension.
const netstat = [
  'TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops TCPTimeouts',
  'TcpExt: 0 0 1898 1898 1900',
  'IpExt: InNoRoutes InTruncatedPkts ListenOverflows',
  'IpExt: 0 0 7',
  '',
].join('\n');

describe('listenOverflows', () => {
  it('reads TcpExt ListenOverflows by its column name', () => {
    expect(listenOverflows(netstat)).toBe(1898);
  });

  it('is 0 when the counter or the TcpExt lines are missing', () => {
    expect(listenOverflows('TcpExt: SyncookiesSent\nTcpExt: 3\n')).toBe(0);
    expect(listenOverflows('IpExt: ListenOverflows\nIpExt: 7\n')).toBe(0);
  });
});
