/**
 * PostgreSQL text cannot hold the NUL character: a string with one would fail in the database and
 * answer 500. Every JSON body, query string and path parameter is checked before validation, and a
 * NUL answers 400 on the field that carries it.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, fieldError } from '../lib/app-error';

/**
 * The path of the first string in `value` (keys too) that contains NUL, or null. A loop over an
 * explicit stack, not recursion: however deep a value nests, the walk cannot overflow the call stack.
 */
export function nulPath(value: unknown): string | null {
  type Node = { value: unknown; key: string | null; parent: Node | null };
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || 'body';
  };
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(node);
    } else if (Array.isArray(current)) {
      // Pushed last to first, so the first item is looked at first.
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: String(index), parent: node });
      }
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, key, parent: node });
        stack.push({ value: key, key, parent: node });
      }
    }
  }
  return null;
}

export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = nulPath(request.params) ?? nulPath(request.query) ?? nulPath(request.body);
    if (found !== null) {
      throw new AppError('VALIDATION_FAILED', undefined, [fieldError(found, 'validation.invalidCharacter')]);
    }
  });
}
