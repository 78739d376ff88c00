import { Heading, Link, Section, Text } from '@react-email/components';
import { BRAND, EmailButton, EmailLayout, FinePrint, greetingName, linkStyle, OutgoingMail, Paragraph, renderEmail, type ShopEmailContext } from '../mail';
import { localEventWhen, type LocalEventDto } from '../local-events';
import { NEWSLETTER_DISCOUNT_CODE } from './newsletter-discount';

/** The welcome email: the first-order code, the way to the shop, where to meet the studio next, and a one-click way out. */
export async function welcomeEmail(
  to: { email: string; name: string | null; subscriberId: string },
  unsubscribeUrl: string,
  shop: ShopEmailContext,
  nextEvents: LocalEventDto[] = [],
): Promise<OutgoingMail> {
  // Whoever subscribed typed the name, perhaps for someone else's address: a plain first name or none.
  const name = greetingName(to.name);
  const greeting = name ? `Welcome to the Dark Circle, ${name}!` : 'Welcome to the Dark Circle!';
  const { html, text } = await renderEmail(
    <EmailLayout
      heading={greeting}
      preview={`10% off your first order with the code ${NEWSLETTER_DISCOUNT_CODE}.`}
      shop={shop}
      footer={
        <FinePrint>
          No longer want these emails?{' '}
          <Link href={unsubscribeUrl} style={linkStyle}>
            Unsubscribe
          </Link>
          .
        </FinePrint>
      }
    >
      <Paragraph>You're on the list for new pieces, market dates and open-studio nights.</Paragraph>
      <Paragraph>As a thank-you, here is 10% off your first order. Use this code at checkout with this email address:</Paragraph>
      <Text style={{ color: BRAND.gold, fontSize: '24px', letterSpacing: '0.15em', fontWeight: 'bold', textAlign: 'center', margin: '8px 0 24px' }}>{NEWSLETTER_DISCOUNT_CODE}</Text>
      <EmailButton href={shop.publicUrl}>Visit the shop</EmailButton>
      {nextEvents.length > 0 && <NextEvents events={nextEvents} publicUrl={shop.publicUrl} />}
    </EmailLayout>,
  );
  return {
    to: to.email,
    subject: 'Welcome to the Dark Circle: 10% off your first order',
    html,
    text,
    messageId: `<welcome-${to.subscriberId}@darkcircle.shop>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}

/** "Meet us in person": the next markets and open-studio nights, each with its map and calendar file. */
function NextEvents({ events, publicUrl }: { events: LocalEventDto[]; publicUrl: string }) {
  return (
    <Section style={{ marginTop: '24px', borderTop: `1px solid ${BRAND.border}`, paddingTop: '16px' }}>
      <Heading as="h2" style={{ color: BRAND.gold, fontSize: '20px', fontWeight: 'normal', margin: '0 0 12px', fontFamily: BRAND.font }}>
        Meet us in person
      </Heading>
      {events.map((event) => (
        <Text key={event.id} style={{ color: BRAND.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }}>
          <strong>{event.title}</strong>
          <br />
          {localEventWhen(event)}
          <br />
          {event.place}, {event.address}
          <br />
          <Link href={event.mapUrl} style={linkStyle}>
            Map
          </Link>
          {' · '}
          <Link href={`${publicUrl}${event.calendarUrl}`} style={linkStyle}>
            Add to calendar
          </Link>
        </Text>
      ))}
    </Section>
  );
}
