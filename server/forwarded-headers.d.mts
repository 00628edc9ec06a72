import type { IncomingMessage } from 'node:http';

export declare function believeOnlyTrustedForwarding(
  request: IncomingMessage,
  proxies?: number,
): void;
