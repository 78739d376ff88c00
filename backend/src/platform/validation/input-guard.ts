import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { textProblem } from './text';

/** Deeper than any body the shop accepts; deeper input is refused before anything walks it. */
const MAX_DEPTH = 32;

/**
 * The shared text rule applied to everything a request carries (path parameters, query string and
 * JSON body, keys included) before any route sees it, so that a route whose schema forgot a field
 * still cannot hand PostgreSQL a NUL or a lone surrogate. Line breaks pass here; single-line fields
 * refuse them in their own schema (`text()`).
 */
export function guardInput(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (req, _reply, done) => {
    if (req.body === undefined && isEmpty(req.query) && isEmpty(req.params)) return done();
    const problem = firstProblem({ params: req.params, query: req.query, body: req.body });
    done(problem ? new BadRequestException({ message: problem, code: 'VALIDATION_FAILED' }) : undefined);
  });
}

function isEmpty(value: unknown): boolean {
  for (const _ in value as object) return false;
  return true;
}

/** Walks without recursion, so a deeply nested body cannot overflow the stack. */
function firstProblem(input: Record<string, unknown>): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = Object.entries(input).map(([k, value]) => ({ value, path: k, depth: 0 }));
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, { multiLine: true });
      if (problem) return `${describe(path)} ${problem}.`;
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return `${describe(path)} is nested too deeply.`;
      for (const [key, child] of Object.entries(value)) {
        const keyProblem = textProblem(key, { multiLine: true });
        if (keyProblem) return `A field name in ${describe(path)} ${keyProblem}.`;
        stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** `body.name` → `name`, `query.total` → `total`: the field as the caller named it. */
function describe(path: string): string {
  const field = path.split('.').slice(1).join('.');
  return field || path;
}
