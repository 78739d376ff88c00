import { NewsletterCard } from '../newsletter/NewsletterCard';
import home from '../styles/home.css?inline';
import { sheet } from './styles';
import { WidgetRoot, type ElementProps } from './WidgetRoot';

const STYLES = [sheet(home)];

/** `<dc-newsletter>`: the flipping newsletter card, its code and its toasts. */
export default function NewsletterElement({ container, apiBase }: ElementProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} styles={STYLES}>
      <NewsletterCard />
    </WidgetRoot>
  );
}
