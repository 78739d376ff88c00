import { serialization } from 'square';
import { validateBody } from './request-validation';
import { SquareApiError } from './square-error';

const refusal = (schema: Parameters<typeof validateBody>[0], body: unknown, lengths: Parameters<typeof validateBody>[2] = []) => {
  try {
    validateBody(schema, body, lengths);
  } catch (error) {
    return error instanceof SquareApiError ? { status: error.status, ...error.toWire() } : error;
  }
  return 'accepted';
};

describe('request bodies checked against the SDK schemas', () => {
  it('names a missing field by its path, as Square does', () => {
    const body = { idempotency_key: 'k', batches: [{ objects: [{ type: 'ITEM', id: '#a' }] }, {}] };
    expect(refusal(serialization.BatchUpsertCatalogObjectsRequest, body)).toMatchObject({ status: 400, code: 'MISSING_REQUIRED_PARAMETER', field: 'batches[1].objects' });
  });

  it('maps wrong types to Square codes', () => {
    expect(refusal(serialization.BatchUpsertCatalogObjectsRequest, { idempotency_key: 'k', batches: [{ objects: [{ type: 'GARGOYLE', id: '#a' }] }] })).toMatchObject({
      code: 'INVALID_ENUM_VALUE',
      field: 'batches[0].objects[0].type',
    });
    expect(refusal(serialization.SearchCustomersRequest, { limit: 'ten' })).toMatchObject({ code: 'EXPECTED_INTEGER', field: 'limit' });
    expect(refusal(serialization.SearchCustomersRequest, { count: 'yes' })).toMatchObject({ code: 'EXPECTED_BOOLEAN', field: 'count' });
    expect(refusal(serialization.CreatePaymentRequest, 'a string')).toMatchObject({ code: 'EXPECTED_OBJECT' });
  });

  it('checks the length limits the schema does not carry, and lets unknown fields pass', () => {
    const body = { idempotency_key: 'k', source_id: 'cnon:card-nonce-ok', reference_id: 'r'.repeat(41), extra: true };
    expect(refusal(serialization.CreatePaymentRequest, body, [{ field: 'reference_id', max: 40 }])).toMatchObject({ code: 'VALUE_TOO_LONG', field: 'reference_id' });
    expect(refusal(serialization.CreatePaymentRequest, { ...body, reference_id: 'r' }, [{ field: 'reference_id', max: 40 }])).toBe('accepted');
  });
});
