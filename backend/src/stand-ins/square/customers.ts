import { serialization } from 'square';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { CustomerRaw } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { limitOf, page } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest } from './square-error';

type CreateCustomerRequest = serialization.CreateCustomerRequest.Raw;
type SearchCustomersRequest = serialization.SearchCustomersRequest.Raw;
type TextFilter = serialization.CustomerTextFilter.Raw;

const NAMING_FIELDS = ['given_name', 'family_name', 'company_name', 'email_address', 'phone_number'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `POST /v2/customers`: a customer profile; with an idempotency key, once per key. */
export function createCustomer(ctx: HandlerContext): Reply {
  const request = validateBody<CreateCustomerRequest>(serialization.CreateCustomerRequest, ctx.body, [
    { field: 'idempotency_key', max: 45 },
    { field: 'given_name', max: 300 },
    { field: 'family_name', max: 300 },
    { field: 'company_name', max: 500 },
    { field: 'nickname', max: 100 },
    { field: 'email_address', max: 254 },
    { field: 'reference_id', max: 100 },
  ]);
  if (!NAMING_FIELDS.some((field) => request[field]?.trim())) {
    throw invalidRequest('MISSING_REQUIRED_PARAMETER', `At least one of ${NAMING_FIELDS.join(', ')} is required.`);
  }
  if (request.email_address && !EMAIL.test(request.email_address)) throw invalidRequest('INVALID_EMAIL_ADDRESS', 'Expected email_address to be a valid email address.', 'email_address');

  const create = (): Reply => {
    const at = now();
    const { idempotency_key: _key, ...fields } = request;
    const customer: CustomerRaw = {
      id: newId.customer(),
      created_at: at,
      updated_at: at,
      ...fields,
      preferences: { email_unsubscribed: false },
      creation_source: 'THIRD_PARTY',
      version: 0,
    };
    ctx.state.customers[customer.id as string] = customer;
    return ok({ customer });
  };
  return request.idempotency_key ? oncePerKey(ctx.state, 'CreateCustomer', request.idempotency_key, ctx.body, create) : create();
}

/** `POST /v2/customers/search`: by email address, phone number or reference id (exact or fuzzy), paged. */
export function searchCustomers(ctx: HandlerContext): Reply {
  const request = validateBody<SearchCustomersRequest>(serialization.SearchCustomersRequest, ctx.body);
  const limit = limitOf(request.limit, 100, 100);
  const filter = request.query?.filter;
  const matches = Object.values(ctx.state.customers).filter(
    (c) => textMatches(c.email_address, filter?.email_address) && textMatches(c.phone_number, filter?.phone_number) && textMatches(c.reference_id, filter?.reference_id),
  );
  const sort = request.query?.sort;
  const key = (c: CustomerRaw) => (sort?.field === 'CREATED_AT' ? (c.created_at ?? '') : `${c.given_name ?? ''} ${c.family_name ?? ''}`.trim().toLowerCase());
  matches.sort((a, b) => key(a).localeCompare(key(b)) * (sort?.order === 'DESC' ? -1 : 1));
  const { items, cursor } = page(matches, request.cursor, limit);
  return ok({
    ...(items.length ? { customers: items } : {}),
    ...(cursor ? { cursor } : {}),
    ...(request.count ? { count: matches.length } : {}),
  });
}

/**
 * Square's text filter: `exact` matches the whole value (email addresses case-insensitively);
 * `fuzzy` matches when every word of the query appears in the value.
 */
function textMatches(value: string | null | undefined, filter: TextFilter | null | undefined): boolean {
  if (!filter || (!filter.exact && !filter.fuzzy)) return true;
  const text = (value ?? '').toLowerCase();
  if (filter.exact) return text === filter.exact.toLowerCase();
  return (filter.fuzzy ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
