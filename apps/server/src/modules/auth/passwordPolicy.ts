/**
 * What a password may not be, beyond the contract's length and "not all digits": whitespace only, the
 * username itself, or one of the ~49,000 passwords attackers try first (the common-password list maintained
 * by zxcvbn-ts, shipped as an npm package). Checked on sign-up and password change.
 */
import { createRequire } from 'node:module';
import { invalid } from '../../http/errors.js';
import { once } from '../../lib/once.js';

const require = createRequire(import.meta.url);
const commonPasswords = once((): ReadonlySet<string> => {
  const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
  return new Set(dictionary['passwords-common'] ?? []);
});

export function assertPasswordAllowed(password: string, username: string): void {
  if (!password.trim()) throw invalid('password 不能只包含空白字符');
  const lower = password.toLowerCase();
  if (lower === username.toLowerCase()) throw invalid('password 不能与用户名相同');
  if (commonPasswords().has(lower)) throw invalid('password 过于常见，容易被猜到，请换一个');
}
