export declare const isRoot: boolean;
export declare function postgresBin(): string;
export declare function pgCommand(bin: string, tool: string, args: string[]): [string, string[]];
export declare function startPrivatePostgres(port: number): {
  url: string;
  restart: () => void;
  stop: () => void;
};
