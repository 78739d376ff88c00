export interface User {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export interface AdminProduct {
  id: number;
  name: string;
  description: string;
  price: string;
  imageUrl: string;
  category: string;
  inStock: boolean;
  stockQuantity: number;
  reservedQuantity: number;
}

export interface Category {
  slug: string;
  label: string;
}

export interface AdminOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  fulfillmentMethod: 'pickup' | 'shipping';
  shippingAddress: { address: string; city: string; state: string; zipCode: string; country: string } | null;
  items: { productId: number; name: string; quantity: number; price: string }[];
  total: string;
  createdAt: string;
  fulfilledAs: 'picked-up' | 'shipped' | null;
  fulfilledAt: string | null;
  trackingNumber: string | null;
}

export interface AbandonedCart {
  id: string;
  customerName: string | null;
  customerEmail: string;
  totalAmount: string;
  items: { id: string; name: string; quantity: number; price: string }[];
  idleMinutes: number;
  abandonedAt: string | null;
  emailSent: boolean;
  recoveryEmailCount: number;
}

export interface HistoryEvent {
  version: number;
  type: string;
  data: Record<string, unknown>;
  actor: string;
  correlationId: string;
  recordedAt: string;
}

export interface MailSummary {
  file: string;
  to?: string;
  subject?: string;
  date?: string;
}

/** A row the outbox holds back: waiting for Redis, or dead after too many failures. */
export interface HeldOutboxRow {
  eventId: string;
  eventType: string;
  queue: string;
  jobName: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  deadAt: string | null;
}

export interface OutboxView {
  backlog: { unsent: number; oldestSeconds: number | null; dead: number };
  waiting: HeldOutboxRow[];
  dead: HeldOutboxRow[];
}
