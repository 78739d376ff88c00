import { z } from 'zod';

const problemCodes = ['NO_SQUARE_ORDER', 'NOT_IN_SQUARE', 'CANCELED_IN_SQUARE', 'NOT_PAID_IN_SQUARE', 'TOTAL_DIFFERS', 'LINE_COUNT_DIFFERS', 'LINE_DIFFERS', 'REFERENCE_DIFFERS'] as const;

/** `GET /api/admin/square/books-check`: the paid web orders of the last `days` compared with their Square orders; only those that differ are listed. */
export const booksCheckSchema = z
  .object({
    days: z.int(),
    /** Orders whose checkout opened from this time on were compared. */
    since: z.iso.datetime(),
    checked: z.int(),
    agreeing: z.int(),
    differences: z.array(
      z.object({
        orderId: z.uuid(),
        orderNumber: z.string().nullable(),
        squareOrderId: z.string().nullable(),
        /** The Square order's page in Square's Dashboard (the emulator's own page in development). */
        squareUrl: z.string().nullable(),
        problems: z.array(z.object({ code: z.enum(problemCodes), detail: z.string() })),
      }),
    ),
  })
  .meta({ id: 'SquareBooksCheck' });

/** The order page's Square order: its id and page, and what Square says of it now. */
export const adminSquareOrderSchema = z
  .object({
    squareOrderId: z.string(),
    dashboardUrl: z.string(),
    /** Square's state of the order (`OPEN`, `COMPLETED`, `CANCELED`), read from Square with the page; null when Square could not be asked. */
    state: z.string().nullable(),
    /** Its fulfillment's state (`PROPOSED` … `COMPLETED`), as Square holds it; null when unknown. */
    fulfillmentState: z.string().nullable(),
    referenceId: z.string().nullable(),
    /** What the studio should know of how it was booked: each line that went as an ad hoc line because Square had lost its variation. */
    notes: z.array(z.string()),
  })
  .meta({ id: 'AdminSquareOrder' });

export type BooksCheckDto = z.infer<typeof booksCheckSchema>;
export type AdminSquareOrderDto = z.infer<typeof adminSquareOrderSchema>;
