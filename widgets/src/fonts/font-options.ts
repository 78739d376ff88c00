export interface FontOption {
  name: string;
  /** CSS font-family value. */
  family: string;
  weight: 400 | 700;
  description: string;
}

const option = (name: string, description: string, weight: 400 | 700 = 400): FontOption => ({
  name,
  family: `'${name}', serif`,
  weight,
  description,
});

/** The 18 gothic candidates for the brand; UnifrakturMaguntia is the one in use. */
export const FONT_OPTIONS: readonly FontOption[] = [
  option('UnifrakturMaguntia', 'Classic blackletter Fraktur with crisp, even strokes — the current header font.'),
  option('UnifrakturCook', 'Heavy, ink-rich Fraktur modelled on an old printer’s type.', 700),
  option('Pirata One', 'Condensed blackletter with a rough pirate-flag edge.'),
  option('Grenze Gotisch', 'A modern blend of Roman and blackletter, sharp but readable.'),
  option('Germania One', 'Bold, squared display gothic with a poster feel.'),
  option('New Rocker', 'Blackletter with heavy-metal swagger and spiked terminals.'),
  option('Metamorphous', 'Medieval-meets-modern capitals with a ritual, carved look.'),
  option('Cinzel Decorative', 'Roman inscription capitals with elegant flourished serifs.'),
  option('IM Fell English', 'Seventeenth-century English book type, worn and antique.'),
  option('Jacquard 24', 'Pixel-woven blackletter inspired by jacquard loom patterns.'),
  option('Texturina', 'Textura blackletter tuned for screens, dense and upright.'),
  option('Almendra Display', 'Calligraphic gothic capitals with a storybook flourish.'),
  option('MedievalSharp', 'Hand-cut medieval script with pointed, chiselled letters.'),
  option('Eagle Lake', 'Flowing calligraphic hand with an old-manuscript rhythm.'),
  option('Uncial Antiqua', 'Rounded uncial letters from early Celtic manuscripts.'),
  option('Fruktur', 'Playful, bouncy Fraktur with plump black strokes.'),
  option('Macondo', 'Whimsical, slightly wild display letters with a folk-tale air.'),
  option('Creepster', 'Dripping horror-movie lettering for the campiest moments.'),
];
