import { serialization } from 'square';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { CustomerRaw } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { validateBody } from './request-validation';
import { invalidRequest } from './square-error';

type CreateCustomerRequest = serialization.CreateCustomerRequest.Raw;
type SearchCustomersRequest = serialization.SearchCustomersRequest.Raw;

const NAMING_FIELDS = ['given_name', 'family_name', 'company_name', 'email_address', 'phone_number'] as const;

/** `POST /v2/customers`: one customer per idempotency key; Square wants at least a name, an email or a phone. */
export function createCustomer(ctx: HandlerContext): Reply {
  const request = validateBody<CreateCustomerRequest>(serialization.CreateCustomerRequest, ctx.body, [
    { field: 'idempotency_key', max: 45 },
    { field: 'given_name', max: 300 },
    { field: 'family_name', max: 300 },
    { field: 'email_address', max: 254 },
    { field: 'reference_id', max: 100 },
  ]);
  if (!NAMING_FIELDS.some((f) => typeof request[f] === 'string' && request[f]!.trim())) {
    throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'At least one of the following fields must be provided: given_name, family_name, company_name, email_address, phone_number.');
  }
  const create = () => {
    const at = now();
    const customer: CustomerRaw = {
      id: newId.customer(),
      created_at: at,
      updated_at: at,
      given_name: request.given_name ?? undefined,
      family_name: request.family_name ?? undefined,
      email_address: request.email_address ?? undefined,
      reference_id: request.reference_id ?? undefined,
      note: request.note ?? undefined,
      preferences: { email_unsubscribed: false },
      creation_source: 'THIRD_PARTY',
      version: 0,
    };
    ctx.state.customers[customer.id as string] = customer;
    return ok({ customer });
  };
  return request.idempotency_key ? oncePerKey(ctx.state, 'CreateCustomer', request.idempotency_key, ctx.body, create) : create();
}

/** `POST /v2/customers/search`: the email filter (`exact`, case-insensitive, or `fuzzy`); an empty answer when none match. */
export function searchCustomers(ctx: HandlerContext): Reply {
  const request = validateBody<SearchCustomersRequest>(serialization.SearchCustomersRequest, ctx.body);
  const email = request.query?.filter?.email_address;
  const limit = Number(request.limit ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidRequest('VALUE_TOO_HIGH', 'limit must be from 1 to 100.', 'limit');
  const matches = (c: CustomerRaw) => {
    const address = (c.email_address ?? '').toLowerCase();
    if (email?.exact) return address === email.exact.toLowerCase();
    if (email?.fuzzy) return address.includes(email.fuzzy.toLowerCase());
    return true;
  };
  const customers = Object.values(ctx.state.customers).filter(matches).slice(0, limit);
  return ok(customers.length ? { customers } : {});
}
