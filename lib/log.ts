import type { Logger } from 'pino';
// The same logger as the instance server's: one format for every line the process writes.
import { log as serverLog } from '@/server/log.mjs';

export const log: Logger = serverLog;
