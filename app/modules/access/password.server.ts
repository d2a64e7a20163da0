import bcrypt from "bcryptjs";

// bcryptjs: pure JS (no native build on a machine without a compiler cache), widely used and
// maintained; cost 10 ≈ 70 ms per hash here, which also slows down online guessing.
const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}
