import { z } from 'zod';

/** An OpenAPI 3.0 schema object, as `@nestjs/swagger` takes it. */
export type OpenApiSchema = Record<string, unknown>;

/**
 * Named schemas (`.meta({ id: 'Cart' })`) met while converting, kept for the document's
 * `components.schemas`: each is described once and referred to by `$ref` wherever it appears.
 */
export const namedSchemas = new Map<string, OpenApiSchema>();

/**
 * The bridge from a route's zod schema to the OpenAPI schema that describes it, so that a shape is
 * declared once (in zod) and the API description follows it. `input` describes what a request may
 * send (before transforms and defaults), `output` what an answer holds.
 */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): OpenApiSchema {
  const converted = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as OpenApiSchema;
  // zod names a shared schema `#/definitions/<id>`; OpenAPI keeps them under components. The request
  // and answer forms of a named schema can differ (defaults, transforms), so each keeps its own name.
  const rename = (id: string) => (io === 'input' ? `${id}Input` : id);
  const { definitions, ...root } = rewriteRefs(converted, rename) as OpenApiSchema & { definitions?: Record<string, OpenApiSchema> };
  for (const [id, definition] of Object.entries(definitions ?? {})) {
    const known = namedSchemas.get(rename(id));
    // Two different shapes under one name would leave the description with whichever came last.
    if (known && JSON.stringify(known) !== JSON.stringify(definition)) throw new Error(`Two different schemas are named ${rename(id)}`);
    namedSchemas.set(rename(id), definition);
  }
  delete root.$schema;
  return root;
}

function rewriteRefs(node: unknown, rename: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, rename));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')
        ? [key, `#/components/schemas/${rename(value.slice('#/definitions/'.length))}`]
        : [key, rewriteRefs(value, rename)],
    ),
  );
}
