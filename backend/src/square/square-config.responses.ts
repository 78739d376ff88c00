import { z } from 'zod';

/** `GET /api/square/config`: what the storefront's card form needs; never the access token. */
export const squareConfigSchema = z
  .object({ applicationId: z.string(), locationId: z.string(), environment: z.enum(['sandbox', 'production']), webSdkUrl: z.string() })
  .meta({ id: 'SquareConfig' });
