import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function observeRequest(
  method: string | undefined,
  route: string,
  status: number,
  seconds: number,
): void;
export declare function mayReadMetrics(request: IncomingMessage): boolean;
export declare function serveMetrics(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void>;
