import type MarkdownIt from 'markdown-it';

type TToken = ReturnType<MarkdownIt['parse']>[number];

/** One line of inline content as plain text; a link keeps its address after its label. */
function inlineText(children: readonly TToken[]): string {
  let out = '';
  const hrefs: string[] = [];
  let labelStart = 0;
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline') {
      out += child.content;
    } else if (child.type === 'softbreak' || child.type === 'hardbreak') {
      out += '\n';
    } else if (child.type === 'link_open') {
      hrefs.push(child.attrGet('href') ?? '');
      labelStart = out.length;
    } else if (child.type === 'link_close') {
      const href = hrefs.pop() ?? '';
      out += href && out.slice(labelStart) !== href ? ` (${href})` : '';
    } else if (child.type === 'image') {
      out += `${child.content} (${child.attrGet('src') ?? ''})`;
    }
  }

  return out;
}

/**
 * The plain-text part of an email from the same Markdown tokens as its HTML part: paragraphs and
 * headings as lines with a blank line between, list items with their marker, code as it is. Block
 * HTML exists only where the renderer put it (the fields table) and carries its own text in `meta`.
 */
export function markdownTokensToText(tokens: readonly TToken[]): string {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'inline') {
      out += inlineText(token.children ?? []);
    } else if (token.type === 'paragraph_close' || token.type === 'heading_close') {
      out += token.hidden ? '\n' : '\n\n';
    } else if (token.type === 'list_item_open') {
      out += `${token.info}${token.markup} `;
    } else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') {
      out += '\n';
    } else if (token.type === 'fence' || token.type === 'code_block') {
      out += `${token.content}\n`;
    } else if (token.type === 'html_block') {
      out += `${(token.meta as { text?: string } | null)?.text ?? ''}\n\n`;
    } else if (token.type === 'hr') {
      out += '---\n\n';
    }
  }

  return `${out.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
