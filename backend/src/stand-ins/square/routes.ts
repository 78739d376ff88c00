import { batchUpsertCatalogObjects, deleteCatalogObject, upsertCatalogObject } from './catalog';
import { batchRetrieveCatalogObjects, listCatalog, retrieveCatalogObject, searchCatalogItems, searchCatalogObjects } from './catalog-reads';
import { createCustomer, searchCustomers } from './customers';
import type { HandlerContext, Reply } from './emulator-context';
import type { Operation } from './faults';
import { batchChangeInventory, batchRetrieveInventoryCounts } from './inventory';
import { listLocations, retrieveLocation } from './locations';
import { getPaymentRefund, listPaymentRefunds, refundPayment } from './refunds';
import { batchRetrieveOrders, calculateOrder, createOrder, payOrder, retrieveOrder, searchOrders, updateOrder } from './orders';
import { cancelPayment, completePayment, createPayment, getPayment, listPayments } from './payments';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Matched against the path; its groups become `ctx.params`. */
  pattern: RegExp;
  operation: Operation;
  /** Whether the call may change the state (which is then saved before the answer goes out). */
  mutates: boolean;
  handle(ctx: HandlerContext): Reply;
}

/** The part of Square's REST API the emulator speaks, at the paths the `square` SDK calls. */
export const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/v2\/locations$/, operation: 'ListLocations', mutates: false, handle: listLocations },
  { method: 'GET', pattern: /^\/v2\/locations\/([^/]+)$/, operation: 'RetrieveLocation', mutates: false, handle: retrieveLocation },
  { method: 'GET', pattern: /^\/v2\/payments$/, operation: 'ListPayments', mutates: false, handle: listPayments },
  { method: 'POST', pattern: /^\/v2\/payments$/, operation: 'CreatePayment', mutates: true, handle: createPayment },
  { method: 'GET', pattern: /^\/v2\/payments\/([^/]+)$/, operation: 'GetPayment', mutates: false, handle: getPayment },
  { method: 'POST', pattern: /^\/v2\/payments\/([^/]+)\/complete$/, operation: 'CompletePayment', mutates: true, handle: completePayment },
  { method: 'POST', pattern: /^\/v2\/payments\/([^/]+)\/cancel$/, operation: 'CancelPayment', mutates: true, handle: cancelPayment },
  { method: 'GET', pattern: /^\/v2\/refunds$/, operation: 'ListPaymentRefunds', mutates: false, handle: listPaymentRefunds },
  { method: 'POST', pattern: /^\/v2\/refunds$/, operation: 'RefundPayment', mutates: true, handle: refundPayment },
  { method: 'GET', pattern: /^\/v2\/refunds\/([^/]+)$/, operation: 'GetPaymentRefund', mutates: false, handle: getPaymentRefund },
  { method: 'POST', pattern: /^\/v2\/customers$/, operation: 'CreateCustomer', mutates: true, handle: createCustomer },
  { method: 'POST', pattern: /^\/v2\/customers\/search$/, operation: 'SearchCustomers', mutates: false, handle: searchCustomers },
  { method: 'POST', pattern: /^\/v2\/catalog\/batch-upsert$/, operation: 'BatchUpsertCatalogObjects', mutates: true, handle: batchUpsertCatalogObjects },
  { method: 'POST', pattern: /^\/v2\/catalog\/object$/, operation: 'UpsertCatalogObject', mutates: true, handle: upsertCatalogObject },
  { method: 'GET', pattern: /^\/v2\/catalog\/object\/([^/]+)$/, operation: 'RetrieveCatalogObject', mutates: false, handle: retrieveCatalogObject },
  { method: 'DELETE', pattern: /^\/v2\/catalog\/object\/([^/]+)$/, operation: 'DeleteCatalogObject', mutates: true, handle: deleteCatalogObject },
  { method: 'GET', pattern: /^\/v2\/catalog\/list$/, operation: 'ListCatalog', mutates: false, handle: listCatalog },
  { method: 'POST', pattern: /^\/v2\/catalog\/search-catalog-items$/, operation: 'SearchCatalogItems', mutates: false, handle: searchCatalogItems },
  { method: 'POST', pattern: /^\/v2\/catalog\/search$/, operation: 'SearchCatalogObjects', mutates: false, handle: searchCatalogObjects },
  { method: 'POST', pattern: /^\/v2\/catalog\/batch-retrieve$/, operation: 'BatchRetrieveCatalogObjects', mutates: false, handle: batchRetrieveCatalogObjects },
  { method: 'POST', pattern: /^\/v2\/inventory\/changes\/batch-create$/, operation: 'BatchChangeInventory', mutates: true, handle: batchChangeInventory },
  { method: 'POST', pattern: /^\/v2\/inventory\/counts\/batch-retrieve$/, operation: 'BatchRetrieveInventoryCounts', mutates: false, handle: batchRetrieveInventoryCounts },
  { method: 'POST', pattern: /^\/v2\/orders$/, operation: 'CreateOrder', mutates: true, handle: createOrder },
  { method: 'POST', pattern: /^\/v2\/orders\/batch-retrieve$/, operation: 'BatchRetrieveOrders', mutates: false, handle: batchRetrieveOrders },
  { method: 'POST', pattern: /^\/v2\/orders\/search$/, operation: 'SearchOrders', mutates: false, handle: searchOrders },
  { method: 'POST', pattern: /^\/v2\/orders\/calculate$/, operation: 'CalculateOrder', mutates: false, handle: calculateOrder },
  { method: 'GET', pattern: /^\/v2\/orders\/([^/]+)$/, operation: 'RetrieveOrder', mutates: false, handle: retrieveOrder },
  { method: 'PUT', pattern: /^\/v2\/orders\/([^/]+)$/, operation: 'UpdateOrder', mutates: true, handle: updateOrder },
  { method: 'POST', pattern: /^\/v2\/orders\/([^/]+)\/pay$/, operation: 'PayOrder', mutates: true, handle: payOrder },
];
