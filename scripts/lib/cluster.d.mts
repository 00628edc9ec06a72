export interface Cluster {
  url: string;
  origin: string;
  databaseUrl: string;
  ports: number[];
  runDir: string;
  postgres: { url: string; restart: () => void; stop: () => void } | null;
  instance: (port: number) => import('node:child_process').ChildProcess;
  startInstance: (port: number) => Promise<void>;
  stopInstance: (port: number, signal?: NodeJS.Signals) => Promise<void>;
  rollingRestart: () => Promise<void>;
  stop: () => Promise<void>;
}

export declare function freePort(): Promise<number>;
export declare function startCluster(options?: {
  instances?: number;
  port?: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  distDir?: string;
  log?: (line: string) => void;
}): Promise<Cluster>;
