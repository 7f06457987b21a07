/**
 * One handler a call: the route table refuses a call that two modules answer (before, the module spread later won
 * silently, as `like` / `unlike` did between the essays and collections modules).
 */
import { describe, expect, it } from 'vitest';
import { handlerTable, missingHandlers, type Handlers } from '../src/http/routes.js';
import { collectionHandlers } from '../src/modules/collections/index.js';
import { essayHandlers } from '../src/modules/essays/index.js';
import { createHandlers, type AppDeps } from '../src/modules/index.js';

const answer = async () => ({ ok: true as const });

describe('the route table', () => {
  it('refuses a second handler for one call, naming both modules', () => {
    const essays: Handlers = { like: answer as never, essaysPage: answer as never };
    const collections: Handlers = { like: answer as never, myCollections: answer as never };
    expect(() => handlerTable({ essays, collections })).toThrow('call like has two handlers: in the essays and collections modules');
  });

  it('keeps each module’s handler under its call', () => {
    const essays: Handlers = { essaysPage: answer as never };
    const collections: Handlers = { myCollections: answer as never };
    expect(handlerTable({ essays, collections })).toEqual({ essaysPage: answer, myCollections: answer });
  });

  it('holds the modules’ own composition: every call once, like and unlike the collections module’s', () => {
    // The factories only keep their dependencies until a request comes; none is used here.
    const deps = { db: {}, config: {}, runtime: {} } as AppDeps;
    expect(missingHandlers(createHandlers(deps))).toEqual([]);
    expect(Object.keys(collectionHandlers(deps))).toEqual(expect.arrayContaining(['like', 'unlike']));
    expect(Object.keys(essayHandlers(deps))).not.toContain('like');
  });
});
