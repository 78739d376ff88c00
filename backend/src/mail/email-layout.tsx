import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/** Where the shop is and how to reach the studio: what every email's header and footer need. */
export interface ShopEmailContext {
  publicUrl: string;
  /** CONTACT_EMAIL, the address the storefront's footer shows; null: the footer asks for a reply instead. */
  contactEmail: string | null;
}

/** The storefront's theme (widgets/src/styles/theme.css), as plain values: email clients know no CSS variables. */
export const BRAND = {
  bg: '#0b090d',
  surface: '#16121b',
  raised: '#201a27',
  border: '#3b3045',
  text: '#ede7db',
  muted: '#b8afa2',
  accent: '#a4161a',
  gold: '#d8b45a',
  font: "'EB Garamond', Garamond, Georgia, 'Times New Roman', serif",
} as const;

const PHONE_STYLES = '@media only screen and (max-width: 480px) { .dc-pad { padding-left: 20px !important; padding-right: 20px !important; } }';

const paragraph: CSSProperties = { fontSize: '16px', lineHeight: '24px', color: BRAND.text, margin: '0 0 16px' };
const muted: CSSProperties = { ...paragraph, color: BRAND.muted, fontSize: '14px', lineHeight: '20px' };
const cell: CSSProperties = { padding: '6px 0', verticalAlign: 'middle', color: BRAND.text, fontSize: '16px' };

/**
 * The shell of every email: the studio's name as the header (its only mark is an SVG favicon,
 * which Gmail and Outlook do not show), one centred column, and the contact footer.
 */
export function EmailLayout(props: { preview: string; heading: string; shop: ShopEmailContext; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        {/* Without it a phone lays the email out 980 px wide and shows it at 40%. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A phone's narrow screen: less padding around the one column. Clients without <style> keep the wider padding, which still fits. */}
        <style>{PHONE_STYLES}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: BRAND.bg, margin: 0, padding: '24px 0', fontFamily: BRAND.font }}>
        <Container style={{ maxWidth: '600px', backgroundColor: BRAND.surface, border: `1px solid ${BRAND.border}`, borderRadius: '6px' }}>
          <Section className="dc-pad" style={{ padding: '24px 32px 16px', borderBottom: `2px solid ${BRAND.accent}`, textAlign: 'center' }}>
            <Link href={props.shop.publicUrl} style={{ color: BRAND.gold, fontSize: '28px', letterSpacing: '0.08em', textDecoration: 'none', fontFamily: BRAND.font }}>
              The Dark Circle
            </Link>
            <Text style={{ ...muted, margin: '4px 0 0', fontSize: '13px', letterSpacing: '0.15em', textTransform: 'uppercase' }}>Gothic embroidery studio</Text>
          </Section>
          <Section className="dc-pad" style={{ padding: '24px 32px 8px' }}>
            <Heading as="h1" style={{ color: BRAND.text, fontSize: '26px', fontWeight: 'normal', letterSpacing: '0.04em', margin: '0 0 20px' }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Section className="dc-pad" style={{ padding: '0 32px 24px' }}>
            <Hr style={{ borderColor: BRAND.border, margin: '8px 0 16px' }} />
            <Text style={muted}>
              {props.shop.contactEmail ? (
                <>
                  Questions? Write to us at{' '}
                  <Link href={`mailto:${props.shop.contactEmail}`} style={{ color: BRAND.gold }}>
                    {props.shop.contactEmail}
                  </Link>{' '}
                  or reply to this email.
                </>
              ) : (
                'Questions? Reply to this email.'
              )}
            </Text>
            <Text style={{ ...muted, margin: 0 }}>The Dark Circle</Text>
            {props.footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph(props: { children: ReactNode; muted?: boolean }) {
  return <Text style={props.muted ? muted : paragraph}>{props.children}</Text>;
}

/** The one call to action of an email: a bordered block link (a table cell, so Outlook keeps its padding). */
export function EmailButton(props: { href: string; children: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={props.href}
        style={{ backgroundColor: BRAND.accent, color: '#ffffff', fontSize: '16px', padding: '12px 28px', borderRadius: '6px', textDecoration: 'none', fontFamily: BRAND.font }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** One order or cart line: its picture (an absolute URL of a PNG the shop draws: `emailImageUrls`), its name and quantity, its amount. */
export function LineItemRow(props: { imageUrl: string | null; name: string; detail: string; amount: string }) {
  return (
    <Row style={{ borderBottom: `1px solid ${BRAND.border}` }}>
      <Column style={{ ...cell, width: '76px' }}>
        {props.imageUrl ? <Img src={props.imageUrl} alt={props.name} width="64" height="64" style={{ borderRadius: '4px', objectFit: 'cover', backgroundColor: BRAND.raised }} /> : null}
      </Column>
      <Column style={cell}>
        {props.name}
        <br />
        <span style={{ color: BRAND.muted, fontSize: '14px' }}>{props.detail}</span>
      </Column>
      <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>{props.amount}</Column>
    </Row>
  );
}

/** A label and its amount on one line ("Total: $29.00" in the plain-text part too). */
export function TotalRow(props: { label: string; amount: string; strong?: boolean }) {
  const weight: CSSProperties = props.strong ? { fontWeight: 'bold', fontSize: '18px' } : {};
  return (
    <Row data-text-format="key-value">
      <Column style={{ ...cell, padding: '4px 0', ...weight }}>{props.label}</Column>
      <Column style={{ ...cell, padding: '4px 0', textAlign: 'right', ...weight }}>{props.amount}</Column>
    </Row>
  );
}

/** The small print under the footer: an unsubscribe link, say. */
export function FinePrint(props: { children: ReactNode }) {
  return <Text style={{ ...muted, fontSize: '12px', margin: '16px 0 0' }}>{props.children}</Text>;
}

export const linkStyle: CSSProperties = { color: BRAND.gold };
