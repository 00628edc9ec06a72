import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

// Compared against when the account does not exist, so that timing does not reveal which emails are registered.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$s2GSl6sW3ZOqG7y3rIJTkA$1rN7iPupWa4klyHTatjegtHicY/Wpb5HXEglpNJtwW0';

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  try {
    const ok = await verify(passwordHash ?? DUMMY_HASH, password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}
