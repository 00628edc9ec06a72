export declare const isRoot: boolean;
export interface PrivatePostgres {
  url: string;
  log: string;
  restart: () => void;
  up: () => Promise<void>;
  down: (mode?: 'fast' | 'immediate') => Promise<void>;
  pids: () => number[];
  stop: () => void;
}
export declare function startPrivatePostgres(port: number): PrivatePostgres;
