/**
 * Error serialisation for logs without secrets. A failed statement's error carries its parameters (drizzle
 * puts them in the message and the stack, e.g. an argon2 hash or a token hash being inserted), so they are
 * cut from every logged error, at any depth of `cause`. The SQL text itself stays: it names no values.
 */
import { stdSerializers } from 'pino';

type Serialized = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };

const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function scrub(e: Serialized): Serialized {
  const out: Serialized = { ...e };
  delete out.params;
  delete out.parameters;
  if (typeof out.message === 'string') out.message = out.message.replace(PARAMS_LINE, '\nparams: [redacted]');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(PARAMS_LINE, '\nparams: [redacted]');
  if (out.cause && typeof out.cause === 'object') out.cause = scrub(out.cause as Serialized);
  return out;
}

export function safeErrSerializer(err: Error): { type: string; message: string; stack: string } {
  return scrub(stdSerializers.err(err) as unknown as Serialized) as unknown as { type: string; message: string; stack: string };
}

export const logSerializers = { err: safeErrSerializer };
