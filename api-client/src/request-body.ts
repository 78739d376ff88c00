import type { paths } from './schema';

/** The JSON body a route takes, as the generated API types describe it. */
export type RequestBody<Path extends keyof paths, Method extends 'post' | 'put' | 'patch'> = NonNullable<paths[Path][Method]>['requestBody'] extends infer Body
  ? Body extends { content: { 'application/json': infer Json } }
    ? Json
    : never
  : never;
