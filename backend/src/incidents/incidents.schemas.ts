import { z } from 'zod';
import { text, uuid } from '../platform/validation/text';

export const incidentIdParam = uuid('The incident id must be a UUID.');

/** `POST /api/admin/incidents/{id}/resolve`: how the studio settled it (a refund, a piece made to order, …). */
export const resolveIncidentBody = z.strictObject({
  note: text('note', { min: 1, max: 1000, multiLine: true, required: 'Say how it was settled: a note is required.' }),
});
