import { greetingName } from './greeting-name';

describe('greetingName', () => {
  it('greets by the first name of a plain name, in any script, with apostrophes and hyphens', () => {
    expect(greetingName('Mina Harker')).toBe('Mina');
    expect(greetingName('  Morticia   Addams ')).toBe('Morticia');
    expect(greetingName("Jean-Luc O'Neill")).toBe('Jean-Luc');
    expect(greetingName('D’Arcy')).toBe('D’Arcy');
    expect(greetingName('Ана Ворон')).toBe('Ана');
    expect(greetingName('Zoë')).toBe('Zoë');
    // An accent typed as its own mark (decomposed) is part of the letter.
    expect(greetingName('Zoe\u0308 Ray')).toBe('Zoe\u0308');
    expect(greetingName('a'.repeat(30))).toBe('a'.repeat(30));
  });

  it('greets nobody by name when the name could carry a link or a message', () => {
    expect(greetingName('Hello friend. Your account is locked: verify at https://evil.example/login')).toBeUndefined();
    expect(greetingName('evil.example')).toBeUndefined();
    expect(greetingName('Mina <b>')).toBeUndefined();
    expect(greetingName('Mina 2')).toBeUndefined();
    expect(greetingName('Mina, call 555')).toBeUndefined();
    expect(greetingName("Mina''")).toBeUndefined();
    expect(greetingName('-Mina')).toBeUndefined();
    expect(greetingName('Mina-')).toBeUndefined();
    expect(greetingName('a'.repeat(31))).toBeUndefined();
    expect(greetingName('')).toBeUndefined();
    expect(greetingName('   ')).toBeUndefined();
    expect(greetingName(null)).toBeUndefined();
    expect(greetingName(undefined)).toBeUndefined();
  });
});
