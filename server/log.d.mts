import type { Logger } from 'pino';

export declare const log: Logger;
