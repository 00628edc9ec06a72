export declare function routeLabel(pathname: string): string;
