import type { ChildProcess, StdioOptions } from 'node:child_process';

export interface NextServer {
  base: string;
  port: number;
  process: ChildProcess;
  /** The last lines of the server's output. */
  output(lines?: number): string;
  stop(): Promise<void>;
}

export declare function spawnNextStart(options: {
  port: number | string;
  env: NodeJS.ProcessEnv;
  cwd?: string;
  stdio?: StdioOptions;
  detached?: boolean;
  instance?: boolean;
}): ChildProcess;

export declare function startNextServer(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  cwd?: string;
  logFile?: string;
  detached?: boolean;
  host?: string;
  readyPath?: string;
  timeoutMs?: number;
  instance?: boolean;
}): Promise<NextServer>;
