import { text, textProblem, uuid } from './text';

describe('the shared text rule', () => {
  it.each([
    ['plain text', 'Ana Raven', undefined],
    ['emoji (a well-formed surrogate pair)', 'bat 🦇', undefined],
    ['a NUL', 'a\u0000', 'must not contain control characters'],
    ['DEL', 'a\u007f', 'must not contain control characters'],
    ['a C1 control', 'a\u009b', 'must not contain control characters'],
    ['a line break in a single-line field', 'a\nb', 'must not contain control characters'],
    ['a line separator in a single-line field', 'a\u2028b', 'must not contain control characters'],
    ['a lone high surrogate', 'a\ud83d', 'must be well-formed unicode text'],
    ['a lone low surrogate', '\udc00a', 'must be well-formed unicode text'],
    ['a reversed pair', '\udc00\ud83d', 'must be well-formed unicode text'],
  ])('judges %s', (_, value, problem) => {
    expect(textProblem(value)).toBe(problem);
  });

  it('lets a multi-line field hold line breaks and tabs, but not other controls', () => {
    expect(textProblem('line one\r\n\tline two', { multiLine: true })).toBeUndefined();
    expect(textProblem('a\u0000b', { multiLine: true })).toBe('must not contain control characters');
  });

  it('trims, requires and limits a field, naming it in the message', () => {
    const name = text('name', { min: 1, max: 5 });
    expect(name.parse('  Ana ')).toBe('Ana');
    expect(name.safeParse('   ').error?.issues[0].message).toBe('name is required.');
    expect(name.safeParse(undefined).error?.issues[0].message).toBe('name is required.');
    expect(name.safeParse('abcdef').error?.issues[0].message).toBe('name must be at most 5 characters.');
    expect(name.safeParse('a\u0000').error?.issues[0].message).toBe('name must not contain control characters.');
    expect(text('note', { max: 5 }).safeParse(5).error?.issues[0].message).toBe('note must be text.');
    expect(text('note', { max: 5, required: 'Please add a note.', min: 1 }).safeParse('').error?.issues[0].message).toBe('Please add a note.');
  });

  it('lower-cases a UUID so that either case finds the same row', () => {
    expect(uuid('bad').parse('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(uuid('bad').safeParse('0F8FAD5B').error?.issues[0].message).toBe('bad');
  });
});
