/**
 * The background jobs in the studio's words: what the shop was doing for it. The names are the
 * backend's job names (its `*_JOB` constants); an unknown one (a job added later) shows as it is.
 */
const JOB_WORDS: Record<string, string> = {
  'order-confirmation': 'Emailing the shopper their order confirmation',
  'fulfilment-email': 'Emailing the shopper that their order is ready, shipped or picked up',
  'refund-email': 'Emailing the shopper about their refund',
  'refund-restock': 'Putting refunded pieces back in stock',
  'stock-push': 'Telling Square the new stock count',
  'square-fulfillment': "Moving the order along in Square's books (ready, picked up, shipped)",
  'square-fulfillment-sweep': 'Asking Square again about orders still waiting for it',
  'newsletter-welcome': 'Emailing a new subscriber their welcome and discount code',
  'newsletter-square-customer': "Adding a new subscriber to Square's customers",
  'recovery-sequence': 'Planning the reminder emails for an abandoned cart',
  'cart-recovery': 'Emailing a shopper a reminder about their cart',
};

export function jobInWords(jobName: string, queue: string): string {
  return JOB_WORDS[jobName] ?? `${queue} / ${jobName}`;
}
