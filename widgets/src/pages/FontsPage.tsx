import '../fonts/font-faces';
import { FONT_OPTIONS } from '../fonts/font-options';

const SAMPLE = 'The Dark Circle';

export function FontsPage() {
  return (
    <main id="main" className="page container">
      <title>Font Showcase — The Dark Circle</title>
      <h1 className="page__title">Font Showcase</h1>
      <p className="section__lead">{FONT_OPTIONS.length} gothic typefaces considered for the brand, each setting the shop’s name.</p>
      <p className="note">Note: headers across the shop use a gothic-font style — currently UnifrakturMaguntia — while body text stays in EB Garamond for readability.</p>
      <ul className="font-grid">
        {FONT_OPTIONS.map((font) => (
          <li key={font.name} data-testid="font-option" className="font-card">
            <p className="font-card__sample" style={{ fontFamily: font.family, fontWeight: font.weight }}>
              {SAMPLE}
            </p>
            <h2 className="font-card__name">{font.name}</h2>
            <p className="font-card__description">{font.description}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
