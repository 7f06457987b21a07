/** zod (the contract) → JSON Schema, for Fastify's serializer and the OpenAPI document. */
import { z } from 'zod';
import { ERRORS, type ErrorCode } from '@shiju/contract';

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

/** The error answers a call declares, grouped by HTTP status, each described by its codes and messages. */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const { status, msg } = ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), `${code} ${msg}`]);
  }
  const out: Record<string, JsonSchema> = {};
  for (const [status, lines] of byStatus) {
    out[status] = {
      description: lines.join('；'),
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { code: { type: 'string', enum: lines.map((l) => l.split(' ')[0]) }, msg: { type: 'string' }, data: { type: 'null' } },
    };
  }
  return out;
}
