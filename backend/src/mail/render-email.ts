import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

interface TextNode {
  type: string;
  name?: string;
  children?: TextNode[];
}
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  addInline(text: string): void;
}

const cellsOf = (node: TextNode): TextNode[] => (node.name === 'td' ? [node] : (node.children ?? []).flatMap(cellsOf));

/** A `TotalRow` reads as one line of plain text, "Total: $29.00", rather than a line per cell. */
function keyValue(elem: TextNode, walk: (nodes: TextNode[] | undefined, builder: TextBuilder) => void, builder: TextBuilder): void {
  builder.openBlock({ leadingLineBreaks: 1 });
  cellsOf(elem).forEach((cell, i) => {
    if (i > 0) builder.addInline(': ');
    walk(cell.children, builder);
  });
  builder.closeBlock({ trailingLineBreaks: 1 });
}

/** An email's HTML (tables and inlined styles, as React Email writes them) and its plain-text part, from the same element. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  const text = toPlainText(html, {
    selectors: [
      { selector: 'table[data-text-format="key-value"]', format: 'keyValue' },
      { selector: 'h1', options: { uppercase: false } },
    ],
    formatters: { keyValue: keyValue as never },
  });
  return { html, text };
}
