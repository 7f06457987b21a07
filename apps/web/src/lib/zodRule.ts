import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd form rule that checks a value against a contract schema, so the form and the server apply the
 * same limits. Messages read as Chinese sentences naming the field.
 */
export function zodRule(schema: z.ZodType, label: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === '') return;
      const r = schema.safeParse(value);
      if (r.success) return;
      const issue = r.error.issues[0]!;
      if (issue.code === 'too_small') throw new Error(`${label}至少 ${String(issue.minimum)} 个字符`);
      if (issue.code === 'too_big') throw new Error(`${label}最多 ${String(issue.maximum)} 个字符`);
      throw new Error(`${label}${issue.message}`);
    },
  };
}
