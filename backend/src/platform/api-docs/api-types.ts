import { resolve } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import openapiTS, { astToString } from 'openapi-typescript';

const repoRoot = resolve(__dirname, '../../../..');

/** Where the API's types are generated from its description: the `api-client` workspace both front ends import. */
export const API_TYPES_FILE = resolve(repoRoot, 'api-client/src/schema.d.ts');

const HEADER = `/**
 * The shop's API types, generated from its description (/api/docs-json) by \`npm run api:types\`.
 * Do not edit: change the zod schemas in the backend and run it again (a test fails while this file is stale).
 */

`;

/**
 * The TypeScript types of the API, as openapi-typescript writes them: \`paths\`, \`components\`, and a
 * type per named schema (\`Product\`, \`CartResponse\`, …) for the apps to import.
 */
export async function apiTypesOf(document: OpenAPIObject): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A request field with a default may be left out; only answers always hold it.
    defaultNonNullable: false,
    alphabetize: true,
    silent: true,
  });
  return HEADER + astToString(ast);
}
