/** zod (the contract) → JSON Schema, for Fastify's serializer and the OpenAPI document. */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

export function envelopeSchema(data: z.ZodType): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'string' }, msg: { type: 'string' }, data: toJsonSchema(data, 'output') },
  };
}

/** "请求参数错误：username 长度…" — the first problem, naming the field. */
export function describeIssue(issue: z.core.$ZodIssue, part: string): string {
  const field = issue.path.length ? issue.path.map(String).join('.') : part;
  return `${field} ${issue.message}`;
}
