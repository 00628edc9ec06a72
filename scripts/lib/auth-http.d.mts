export interface CookieJar {
  take(response: Response): void;
  header(): string;
  has(part: string): boolean;
  pair(suffix: string): string | undefined;
}
interface Credentials {
  email: string;
  password: string;
}
export declare function cookieJar(): CookieJar;
export declare function signUp(
  base: string,
  account: Credentials & { name: string },
): Promise<void>;
export declare function signIn(base: string, credentials: Credentials): Promise<CookieJar>;
export declare function tokenOf(base: string, email: string, jar: CookieJar): Promise<string>;
export declare function accessToken(base: string, credentials: Credentials): Promise<string>;
