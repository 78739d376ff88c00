export { NewsletterModule } from './newsletter.module';
export { SubscriberReader } from './subscriber.reader';
export { NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_DISCOUNT_PERCENT } from './newsletter-discount';
export { WelcomeEmailJob } from './welcome-email.job';
export { SquareCustomerJob } from './square-customer.job';
